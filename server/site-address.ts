import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * Reads the request line's target as a path (origin form, `/imprint?x`).
 * HTTP/1.1 servers must accept the absolute form too (`GET http://host/imprint`,
 * as proxies send it); its path is what counts, the site having one address.
 * False for a target that names no path (`*`, the whole server): answer 400.
 */
export function toOriginForm(req: IncomingMessage): boolean {
  const target = req.url ?? '';
  if (target.startsWith('/')) return true;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!absolute) return false;
  const rest = target.slice(absolute[0].length);
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  return true;
}

/** Whether `Host` names a host (and port) a URL can be built on: no spaces, escapes or ports out of range. */
function isUsableHost(host: string | undefined): host is string {
  return host !== undefined && /^[^\s/?#@\\]+$/.test(host) && URL.canParse(`http://${host}/`);
}

/**
 * React Router builds each request's URL from `Host` (with TRUST_PROXY, from
 * X-Forwarded-Host and -Proto) and refuses a form whose `Origin` differs from
 * that URL. The site has one address, PUBLIC_URL: in production every request
 * is read as addressed to it, so no header can make that URL invalid (a 500)
 * or different from the Origin that `sameOriginOnly` accepted (a proxy that
 * passes its own Host). Development keeps the browser's host (localhost,
 * 127.0.0.1); only a missing or broken one becomes PUBLIC_URL's.
 */
export function addressedToSite(publicUrl: string, { development = false } = {}): RequestHandler {
  const site = new URL(publicUrl);
  const protocol = site.protocol.slice(0, -1);
  return (req, _res, next) => {
    if (!development || !isUsableHost(req.headers.host)) {
      req.headers.host = site.host;
      delete req.headers['x-forwarded-host'];
      // Express reads the protocol from the socket or X-Forwarded-Proto; React Router takes it from here.
      Object.defineProperty(req, 'protocol', { value: protocol });
    }
    next();
  };
}
