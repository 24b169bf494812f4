// `npm run backup`: a backup of the embedded database now. A running server
// is asked to write it (SIGUSR2), since only it may open the data directory.
import path from 'node:path';
import { listBackups, writeBackup } from '../app/lib/backup.server.ts';
import { lockHolderPid } from '../app/lib/data-dir-lock.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { openScriptDatabase, runScript } from './open-database.ts';

await runScript(async () => {
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump; npm run backup is for the embedded database.');
    process.exitCode = 1;
    return;
  }
  // Only a process that really holds the lock is signalled: after a crash the
  // PID note may name an unrelated process that got the same PID.
  const pid = lockHolderPid(env.DATA_DIR);
  if (pid !== undefined) {
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
