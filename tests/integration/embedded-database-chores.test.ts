// The embedded database's own chores, on a real PGlite data directory on
// disk: the hourly VACUUM of the app's tables and the daily backup, put back
// with `npm run restore`. PostgreSQL does neither through the app (autovacuum,
// pg_dump), so the postgres lane skips this file.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, setDatabase, type DatabaseConnection } from '../../app/db/client.server.ts';
import { listBackups, writeBackup } from '../../app/lib/backup.server.ts';
import { vacuumAllTables, vacuumAnalyzeAppTables } from '../../app/lib/db-maintenance.server.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { copyMigratedDatabase } from '../support/migrated-database.ts';
import { postgresUrl } from '../support/test-db.ts';

const embeddedOnly = test.skipIf(postgresUrl() !== undefined);

let dataDir: string;
let connection: DatabaseConnection;

beforeAll(async () => {
  if (postgresUrl()) return;
  dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-chores-'));
  // The files of a migrated database (made once for the test run), as the app leaves them.
  await copyMigratedDatabase(path.join(dataDir, 'db'));
  connection = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
  setDatabase(connection);
});

afterAll(async () => {
  if (postgresUrl()) return;
  setDatabase(undefined);
  await connection?.close().catch(() => {}); // closed by the restore test already
  await rm(dataDir, { recursive: true, force: true });
});

async function appTableStatistics() {
  const { rows } = await connection.pglite!.query<{ table: string; vacuumed: boolean; analyzed: boolean }>(
    "select relname as table, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where schemaname = 'public' order by relname",
  );
  return rows;
}

embeddedOnly('the hourly VACUUM (ANALYZE) reaches every table of the app, one statement at a time', async () => {
  const before = await appTableStatistics();
  expect(before.length).toBeGreaterThan(5);
  expect(before.filter((row) => row.vacuumed || row.analyzed)).toEqual([]);

  await vacuumAnalyzeAppTables(connection);

  const after = await appTableStatistics();
  expect(after.map((row) => row.table)).toEqual(before.map((row) => row.table));
  expect(after.filter((row) => !row.vacuumed || !row.analyzed)).toEqual([]);
});

embeddedOnly("the daily VACUUM reaches every table of the database, PostgreSQL's catalogs too", async () => {
  const unvacuumedCatalogs = "select relname from pg_stat_all_tables where schemaname = 'pg_catalog' and last_vacuum is null";
  expect((await connection.pglite!.query(unvacuumedCatalogs)).rows.length).toBeGreaterThan(10);
  await vacuumAllTables(connection);
  expect((await connection.pglite!.query(unvacuumedCatalogs)).rows).toEqual([]);
});

embeddedOnly('a backup holds what was written before it, and npm run restore puts exactly that back; one that fails leaves the current database in place', async () => {
  const owner = await createUser({ name: 'Anna Muster' });
  await createRecipe(owner, { title: 'Vor der Sicherung' });
  // What a process stopped while writing a backup leaves behind goes with the next one.
  await mkdir(path.join(dataDir, 'backups'), { recursive: true });
  await writeFile(path.join(dataDir, 'backups', 'chuchiblog-2026-01-01T00-00-00-000Z.tar.gz.tmp'), '');
  const file = await writeBackup(connection, dataDir);
  expect(await readdir(path.join(dataDir, 'backups'))).toEqual([path.basename(file)]);
  expect(await listBackups(dataDir)).toEqual([path.basename(file)]);
  await createRecipe(owner, { title: 'Nach der Sicherung' });
  await connection.close();
  const databaseFolders = async () => (await readdir(dataDir)).filter((name) => name.startsWith('db'));

  // A restore that fails half-way (a file that is no backup) leaves the current database in place.
  const broken = path.join(dataDir, 'kaputt.tar.gz');
  await writeFile(broken, 'keine Sicherung');
  const failed = await restore(broken);
  expect(failed.code, failed.output).toBe(1);
  expect((await databaseFolders()).filter((name) => name !== 'db.restoring')).toEqual(['db']);

  const restored = await restore(file);
  expect(restored.code, restored.output).toBe(0);
  expect(restored.output).toContain(`Restored ${file}`);
  expect(await databaseFolders()).toEqual(['db', expect.stringMatching(/^db\.before-restore-/)]);

  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const { rows } = await database.pglite!.query<{ title: string }>('select title from recipes order by title');
    expect(rows.map((row) => row.title)).toEqual(['Vor der Sicherung']);
  } finally {
    await database.close();
  }
});

/** `npm run restore <file>` on the test's DATA_DIR. */
async function restore(file: string) {
  const child = spawn(process.execPath, ['scripts/restore.ts', file], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  return { code, output };
}
