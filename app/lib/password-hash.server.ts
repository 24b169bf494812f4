// Password hashing for Better Auth. Its default scrypt parameters (N = 2^14)
// are below what OWASP ASVS 5.0 asks for, so we hash with scrypt at
// N = 2^17, r = 8, p = 1 (128 MiB of memory per hash).
// The parameters are stored with each hash, so they can be raised later
// without breaking existing passwords.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { isWellFormedText } from '../utils/plain-text.ts';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export type ScryptCost = { logN: number; r: number; p: number };
const COST: ScryptCost = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const N = 2 ** logN;
  // scrypt needs 128 · N · r bytes; node's default limit (32 MiB) is too small.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`; the site always hashes at its own cost. */
export async function hashPassword(password: string, { logN, r, p }: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, r, p);
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [algorithm, logN, r, p, salt, key] = hash.split('$');
  if (algorithm !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const numbers = [Number(logN), Number(r), Number(p)];
  if (!numbers.every((n) => Number.isInteger(n) && n > 0 && n < 32)) return false;
  const [n, rr, pp] = numbers as [number, number, number];
  const actual = await derive(password, Buffer.from(salt, 'base64'), n, rr, pp);
  // What a password would share its hash with: trailing NULs, which scrypt's HMAC reads as nothing
  // ("secret\0" passed for "secret"), and broken UTF-16, which turns into U+FFFD. No new password has
  // either (account-schemas.ts refuses control characters); other characters of older ones still work.
  // Checked after the hash, which takes as long.
  return !password.includes('\0') && isWellFormedText(password) && actual.length === expected.length && timingSafeEqual(actual, expected);
}
