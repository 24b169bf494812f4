import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Sets the hardening headers on every response and a fresh CSP nonce in res.locals. */
export function securityHeaders({ strictCsp }: { strictCsp: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      // Dev mode injects unnonced scripts (Vite's client, React refresh).
      strictCsp ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self' 'unsafe-inline'",
      // MUI sets inline style attributes (Rating, Dialog transitions).
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      strictCsp ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    res.setHeader('Content-Security-Policy', csp);
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
