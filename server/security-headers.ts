import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * The Content-Security-Policy. Inline scripts run only with this response's
 * nonce or, for a page served from the page cache, by their hashes
 * (`scriptSources`). `development`: Vite injects unnonced scripts and a socket.
 */
export function cspHeader({ scriptSources, development = false }: { scriptSources: string[]; development?: boolean }) {
  return [
    "default-src 'self'",
    development ? "script-src 'self' 'unsafe-inline'" : ["script-src 'self'", ...scriptSources].join(' '),
    // MUI sets inline style attributes (Rating, Dialog transitions).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the hardening headers on every response and a fresh CSP nonce in res.locals. */
export function securityHeaders({ strictCsp }: { strictCsp: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.nonce = nonce;
    res.setHeader('Content-Security-Policy', cspHeader({ scriptSources: [`'nonce-${nonce}'`], development: !strictCsp }));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    // No other site's window keeps a handle on ours (share links open with noopener anyway).
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (req.secure) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    next();
  };
}
