import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request that a browser says came from another
 * site. Browsers send Sec-Fetch-Site (modern) or Origin on cross-site POSTs;
 * requests with neither come from non-browser clients, which a CSRF attack
 * cannot use, so they pass.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const allowedOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSite = site ? !['same-origin', 'none'].includes(site) : false;
    const foreignOrigin = origin ? origin !== allowedOrigin && origin !== ownOrigin : false;
    if (crossSite || foreignOrigin) {
      res.status(403).type('text/plain; charset=utf-8').send('Anfrage von einer fremden Website abgelehnt.');
      return;
    }
    next();
  };
}
