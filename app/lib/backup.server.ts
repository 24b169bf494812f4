// PGlite runs with fsync off: a killed process loses nothing committed, an OS
// crash can. So the embedded database keeps daily backups of a few
// generations in DATA_DIR/backups. `npm run backup` asks a running server for
// one now (SIGUSR2); `npm run restore` puts one back while the server is off.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import path from 'node:path';
import type { DatabaseConnection } from '../db/client.server.ts';
import { vacuumAllTables } from './db-maintenance.server.ts';
import { log } from './logger.server.ts';
import { tarPieces } from '../db/tar.server.ts';

export const BACKUP_GENERATIONS = 7;
const DAY = 24 * 60 * 60 * 1000;

export function backupDir(dataDir: string) {
  return path.join(dataDir, 'backups');
}

export async function listBackups(dataDir: string) {
  const names = await readdir(backupDir(dataDir)).catch(() => [] as string[]);
  return names.filter((n) => /^chuchiblog-.*\.tar\.gz$/.test(n)).sort();
}

export async function writeBackup(connection: DatabaseConnection, dataDir: string) {
  if (!connection.snapshot) throw new Error('Backups are for the embedded database on disk; use pg_dump for PostgreSQL.');
  const dir = backupDir(dataDir);
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `chuchiblog-${stamp}.tar.gz`);
  await connection.checkpoint();
  const entries = await connection.snapshot();
  // Written as PGlite's own dumpDataDir writes it (a gzipped tar), which `npm run restore` loads.
  await pipeline(Readable.from(tarPieces(entries)), createGzip({ chunkSize: 1024 * 1024 }), createWriteStream(`${file}.tmp`));
  await rename(`${file}.tmp`, file);
  const all = await listBackups(dataDir);
  // Half-written ones too: a process stopped while writing leaves its temporary file behind.
  const unfinished = (await readdir(dir)).filter((name) => name.endsWith('.tar.gz.tmp'));
  for (const old of [...all.slice(0, Math.max(0, all.length - BACKUP_GENERATIONS)), ...unfinished]) {
    await rm(path.join(dir, old), { force: true });
  }
  log.info('backup written', { file });
  return file;
}

/**
 * Daily backups plus one on demand (SIGUSR2), each after a VACUUM of every table (the daily one
 * the catalogs need: lib/db-maintenance.server.ts). Returns the function that stops them and
 * waits for one under way: call it before the database closes.
 */
export function scheduleBackups(connection: DatabaseConnection, dataDir: string) {
  // One at a time: a second (a signal during the daily one) would remove the first's unfinished file.
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= (async () => {
      await vacuumAllTables(connection).catch((error: unknown) => log.error('vacuum failed', { error }));
      await writeBackup(connection, dataDir).catch((error: unknown) => log.error('backup failed', { error }));
    })().finally(() => (running = undefined)));
  const timer = setInterval(run, DAY);
  timer.unref();
  // The first one a minute after start, so start-up stays fast.
  const first = setTimeout(async () => {
    const latest = (await listBackups(dataDir)).at(-1);
    const age = latest ? Date.now() - Date.parse(latest.slice(11, 21)) : Infinity;
    if (!(age < DAY)) await run();
  }, 60_000);
  first.unref();
  process.on('SIGUSR2', run);
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    process.off('SIGUSR2', run);
    await running;
  };
}
