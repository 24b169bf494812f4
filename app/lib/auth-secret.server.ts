// AUTH_SECRET signs session cookies and anti-bot challenges. From the
// environment when set (required when several instances share a database
// but not a DATA_DIR); otherwise generated once and kept in DATA_DIR.
import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from './env.server.ts';

let cached: { key: string; secret: string } | undefined;

/**
 * The secret, read or (the first time) created. Server start-up calls it, so
 * the file exists before the first request. Several processes may start on
 * one DATA_DIR at once (workers, instances): the file appears whole or not at
 * all (written under a private name, then hard-linked to its name, which fails
 * if another process was first), and whoever comes second reads the first's.
 */
export function getAuthSecret(): string {
  const env = getEnv();
  const key = env.AUTH_SECRET ? 'env' : path.resolve(env.DATA_DIR, 'auth-secret');
  if (cached?.key === key) return cached.secret;
  let secret = env.AUTH_SECRET;
  if (!secret) {
    try {
      secret = readFileSync(key, 'utf8').trim();
    } catch {
      const draft = `${key}.${process.pid}.${randomBytes(6).toString('hex')}`;
      writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
      try {
        linkSync(draft, key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        rmSync(draft, { force: true });
      }
      secret = readFileSync(key, 'utf8').trim();
    }
  }
  cached = { key, secret };
  return secret;
}

/** A separate key per purpose, derived from the one secret. */
export function deriveSecret(purpose: string): string {
  return createHmac('sha256', getAuthSecret()).update(purpose).digest('hex');
}
