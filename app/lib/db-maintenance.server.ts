// PGlite has no autovacuum: without this its planner never gets statistics
// and the visibility map is never set, so a category's count reads every row
// of the category from the table instead of the index alone, and a deep page
// sorts the whole category (bench/list-scale.ts showed 7 and 13 ms at 10,000
// recipes). PostgreSQL does this itself (autovacuum); the embedded database
// gets the same from the app: VACUUM (ANALYZE) a minute after start and then
// every hour.
//
// PGlite runs a statement on the server's one thread, so a VACUUM holds up
// every answer, cached pages included, until it ends. A VACUUM (ANALYZE) of the
// whole database spends most of its time on PostgreSQL's own catalogs (135-256
// ms on the demo blog, where the app's tables take 14-19 ms: bench/RESULTS.md,
// "The embedded database's chores in small steps"). So the hourly run takes
// the app's tables one at a time, letting waiting requests in between. Once a
// day, just before the daily backup (lib/backup.server.ts), every table,
// catalogs included, is vacuumed the same way, without ANALYZE: transaction
// IDs must be frozen everywhere before they wrap around, which is what the
// catalogs need (the planner reads no statistics of theirs).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/client.server.ts';
import { scheduleHourly } from './hourly-job.server.ts';

/** The whole database in one statement, catalogs included: for tests and benches that need the planner's statistics now. */
export async function vacuumAnalyze(connection: DatabaseConnection) {
  await connection.db.execute(sql`vacuum (analyze)`);
}

/** One statement per table, with the event loop's turn before each. PGlite only (PostgreSQL has autovacuum). */
async function vacuumEach(connection: DatabaseConnection, command: 'vacuum' | 'vacuum (analyze)', tableNames: string) {
  const client = connection.pglite;
  if (!client) throw new Error('The app vacuums the embedded database only; PostgreSQL has autovacuum.');
  const { rows } = await client.query<{ name: string }>(tableNames);
  for (const { name } of rows) {
    await nextTurn();
    await client.exec(`${command} ${name}`);
  }
}

/** The app's own tables: statistics for the planner, the visibility map for index-only scans. */
export function vacuumAnalyzeAppTables(connection: DatabaseConnection) {
  return vacuumEach(connection, 'vacuum (analyze)', "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename");
}

/** Every table of the database, catalogs included: the daily freeze against transaction ID wraparound. */
export function vacuumAllTables(connection: DatabaseConnection) {
  return vacuumEach(connection, 'vacuum', "select oid::regclass::text as name from pg_class where relkind in ('r', 'm') order by oid");
}

/** For PGlite only: the app's tables every hour. Returns the function that stops it (and waits for a run in progress). */
export function scheduleVacuum(connection: DatabaseConnection) {
  return scheduleHourly('vacuum', () => vacuumAnalyzeAppTables(connection));
}
