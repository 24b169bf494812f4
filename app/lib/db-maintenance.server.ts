// PGlite has no autovacuum: without this its planner never gets statistics
// and the visibility map is never set, so a category's count reads every row
// of the category from the table instead of the index alone, and a deep page
// sorts the whole category (bench/list-scale.ts showed 7 and 13 ms at 10,000
// recipes). PostgreSQL does this itself (autovacuum); the embedded database
// gets the same from the app: VACUUM (ANALYZE) a minute after start and then
// every hour, a few tens of milliseconds at 10,000 recipes.
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/client.server.ts';
import { scheduleHourly } from './hourly-job.server.ts';

export async function vacuumAnalyze(connection: DatabaseConnection) {
  await connection.db.execute(sql`vacuum (analyze)`);
}

/** For PGlite only. Returns the function that stops it (and waits for a run in progress). */
export function scheduleVacuum(connection: DatabaseConnection) {
  return scheduleHourly('vacuum', () => vacuumAnalyze(connection));
}
