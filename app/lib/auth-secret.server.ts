// AUTH_SECRET signs session cookies and anti-bot challenges. From the
// environment when set (required when several instances share a database
// but not a DATA_DIR); otherwise generated once and kept in DATA_DIR.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from './env.server.ts';

let cached: { key: string; secret: string } | undefined;

export function getAuthSecret(): string {
  const env = getEnv();
  const key = env.AUTH_SECRET ? 'env' : path.resolve(env.DATA_DIR, 'auth-secret');
  if (cached?.key === key) return cached.secret;
  let secret = env.AUTH_SECRET;
  if (!secret) {
    try {
      secret = readFileSync(key, 'utf8').trim();
    } catch {
      secret = randomBytes(48).toString('base64url');
      try {
        // 'wx': if another process wrote it first, read theirs instead.
        writeFileSync(key, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      } catch {
        secret = readFileSync(key, 'utf8').trim();
      }
    }
  }
  cached = { key, secret };
  return secret;
}

/** A separate key per purpose, derived from the one secret. */
export function deriveSecret(purpose: string): string {
  return createHmac('sha256', getAuthSecret()).update(purpose).digest('hex');
}
