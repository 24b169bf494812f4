// Per-user limits on what users write (recipes, comments, uploads), counted in
// the written rows themselves: no extra table to keep in step, and every app
// instance sees the same count.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '../db/client.server.ts';
import type { RateLimitRule } from './env.server.ts';

/** The RATE_LIMIT_*_PER_USER settings (env.server.ts): at most `max` rows within the last `windowSeconds`. */
export type UserQuota = RateLimitRule;

/** True when `userId` already wrote `quota.max` rows of `table` within the window. */
export async function quotaReached(
  rows: { table: PgTable; owner: PgColumn; createdAt: PgColumn },
  userId: string,
  quota: UserQuota,
): Promise<boolean> {
  const since = sql`now() - make_interval(secs => ${quota.windowSeconds})`;
  const [recent] = await getDb()
    .select({ n: count() })
    .from(rows.table)
    .where(and(eq(rows.owner, userId), gt(rows.createdAt, since)));
  return (recent?.n ?? 0) >= quota.max;
}
