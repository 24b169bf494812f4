import { createHash } from 'node:crypto';

/** A strong ETag for these exact bytes (27 characters of SHA-256 are plenty to tell versions apart). */
export function etagOf(bytes: Buffer) {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
