import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalOrigin(origin: string) {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Refuses every state-changing request that a browser does not vouch for as
 * coming from this site. Browsers send `Origin` on every form POST and fetch
 * (and `Sec-Fetch-Site` besides); the origin is compared with PUBLIC_URL only,
 * never with one built from the request's own `Host` header, which the client
 * chooses. A write with neither header fails closed: no browser sends one so.
 * In development the local addresses count as ours too (Vite, 127.0.0.1 …).
 */
export function sameOriginOnly(publicUrl: string, { development = false } = {}): RequestHandler {
  const allowedOrigin = new URL(publicUrl).origin;
  const isOwnOrigin = (origin: string) => origin === allowedOrigin || (development && isLocalOrigin(origin));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const vouched = origin !== undefined ? isOwnOrigin(origin) && site !== 'cross-site' : site === 'same-origin';
    if (!vouched) {
      res.status(403).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Anfrage von einer fremden Website abgelehnt.');
      return;
    }
    next();
  };
}
