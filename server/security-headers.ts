import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
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

const HARDENING = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // No other site's window keeps a handle on ours (share links open with noopener anyway).
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
} as const;
const HARDENING_HTTPS = { ...HARDENING, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } as const;

/** The headers every answer carries besides the CSP; HSTS only over HTTPS. */
export function hardeningHeaders({ secure = false }: { secure?: boolean } = {}) {
  return secure ? HARDENING_HTTPS : HARDENING;
}

/**
 * Express's `req.secure` for a plain Node request (the page cache answers
 * before Express): TLS on this socket, or `X-Forwarded-Proto: https` from a
 * proxy when TRUST_PROXY says to believe it.
 */
export function isSecureRequest(req: IncomingMessage, { trustProxy }: { trustProxy: boolean }) {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  return trustProxy && typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https';
}

/**
 * CSP nonces, 16 random bytes each, cut from a pool drawn 4 KiB at a time:
 * a call to the system's random source per request took 15 % of the CPU
 * under load (bench/RESULTS.md). Every nonce is still used once only.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;
function nextNonce() {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** Sets the hardening headers on every response and a fresh CSP nonce in res.locals. */
export function securityHeaders({ strictCsp }: { strictCsp: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.nonce = nonce;
    res.setHeader('Content-Security-Policy', cspHeader({ scriptSources: [`'nonce-${nonce}'`], development: !strictCsp }));
    for (const [name, value] of Object.entries(hardeningHeaders({ secure: req.secure }))) res.setHeader(name, value);
    next();
  };
}
