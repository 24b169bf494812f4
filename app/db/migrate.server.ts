import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DatabaseConnection, Schema } from './client.server.ts';

// This file sits two levels below the project root both as source
// (app/db/) and bundled (build/server/), so the path holds in dev and prod.
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function migrate({ db, engine }: DatabaseConnection) {
  // Each driver has its own migrator; the connection knows which it is.
  if (engine === 'pglite') {
    await migratePglite(db as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePostgres(db as PostgresJsDatabase<Schema>, { migrationsFolder });
  }
}
