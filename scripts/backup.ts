// `npm run backup`: a backup of the embedded database now. A running server
// is asked to write it (SIGUSR2), since only it may open the data directory.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { listBackups, writeBackup } from '../app/lib/backup.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { openScriptDatabase, runScript } from './open-database.ts';

await runScript(async () => {
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump; npm run backup is for the embedded database.');
    process.exitCode = 1;
    return;
  }
  const lock = path.join(env.DATA_DIR, 'chuchiblog.lock');
  const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : NaN;
  let running = false;
  try {
    running = Number.isInteger(pid) && pid > 0 && process.kill(pid, 0);
  } catch {
    running = false;
  }
  if (running) {
    const before = (await listBackups(env.DATA_DIR)).at(-1);
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 120; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const latest = (await listBackups(env.DATA_DIR)).at(-1);
      if (latest && latest !== before) {
        console.log(`Backup written by the running server: ${path.join(env.DATA_DIR, 'backups', latest)}`);
        return;
      }
    }
    throw new Error('The running server did not write a backup within a minute; see its log.');
  }
  const { connection, close } = await openScriptDatabase();
  try {
    console.log(`Backup written: ${await writeBackup(connection, env.DATA_DIR)}`);
  } finally {
    await close();
  }
});
