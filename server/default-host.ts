import type { RequestHandler } from 'express';

/**
 * HTTP/1.0 allows a request without `Host` (Node refuses that only for 1.1);
 * React Router needs a host to build the request's URL. Such a request is
 * read as addressed to PUBLIC_URL, the one host this site answers for.
 */
export function defaultHost(publicUrl: string): RequestHandler {
  const host = new URL(publicUrl).host;
  return (req, _res, next) => {
    if (!req.headers.host) req.headers.host = host;
    next();
  };
}
