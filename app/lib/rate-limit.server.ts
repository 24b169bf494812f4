// Fixed-window rate limits counted in the database (table rate_limits), so
// several app instances share them. One atomic upsert per attempt: no
// read-modify-write race between concurrent requests.
import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client.server.ts';
import { rateLimits } from '../db/schema/auth.ts';
import { getEnv, RATE_LIMIT_DEFAULTS, type RateLimitRule, type RateLimitSetting } from './env.server.ts';
import { scheduleHourly } from './hourly-job.server.ts';

export type { RateLimitRule };

/** Keys never hold personal data in clear: e-mail addresses are hashed (user ids are opaque already). */
export function rateLimitKey(scope: string, kind: 'ip' | 'email' | 'user', value: string) {
  const clean = value.trim().toLowerCase();
  const part = kind === 'email' ? createHash('sha256').update(clean).digest('hex').slice(0, 32) : clean;
  return `app:${scope}:${kind}:${part}`;
}

/** Counts one attempt; false when the limit of the current window was already reached. */
export async function consumeRateLimit(key: string, { max, windowSeconds }: RateLimitRule): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // lastRequest holds the start of the current window.
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 0) <= max;
}

/** Counts the attempt under every key; allowed only if no key is over its limit. */
export async function consumeRateLimits(checks: Array<{ key: string; rule: RateLimitRule }>): Promise<boolean> {
  const results = await Promise.all(checks.map(({ key, rule }) => consumeRateLimit(key, rule)));
  return results.every(Boolean);
}

/**
 * Gives one counted attempt back under every key, for limits that count failures: the attempt is
 * counted before it is checked (so that parallel guesses cannot slip past the limit) and given back
 * once it succeeded.
 */
export async function refundRateLimits(keys: string[]) {
  await getDb()
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}

/** The longest window of any limit (RATE_LIMIT_*): a counter older than it counts nothing any more. */
export function longestRateLimitWindowSeconds() {
  const env = getEnv();
  return Math.max(...(Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitSetting[]).map((name) => env[name].windowSeconds));
}

/**
 * Deletes the counters whose window has ended (their keys hold IP addresses):
 * kept no longer than the limit needs them (docs/product-rules.md, /datenschutz).
 */
export async function removeExpiredRateLimits(now = Date.now()) {
  const deleted = await getDb()
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - longestRateLimitWindowSeconds() * 1000))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** Hourly, in the process that runs the scheduled jobs; returns the function that stops it. */
export function scheduleRateLimitCleanup() {
  return scheduleHourly('rate limit cleanup', removeExpiredRateLimits);
}
