import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseConnection, Schema } from './client.server.ts';

// This file sits two levels below the project root both as source
// (app/db/) and bundled (build/server/), so the path holds in dev and prod.
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant shared by all instances: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 4_242_024;

export async function migrate({ db, engine, url }: DatabaseConnection) {
  if (engine === 'pglite') {
    // One process per data directory (the lock file): nobody to race with.
    await migratePglite(db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  // Several instances may start at once. On one connection of its own, each
  // takes a session-level advisory lock: one migrates, the others wait and
  // then find nothing left to do. Ending the connection releases the lock.
  if (!url) throw new Error('A PostgreSQL connection needs its URL to migrate.');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end({ timeout: 5 });
  }
}
