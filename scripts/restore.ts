// `npm run restore [file]`: puts a backup back (the newest when no file is
// named). The server must be stopped; the current database is kept aside.
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { backupDir, listBackups } from '../app/lib/backup.server.ts';
import { lockDataDir } from '../app/lib/data-dir-lock.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { runScript } from './open-database.ts';

await runScript(async () => {
  const env = getEnv();
  const unlock = lockDataDir(env.DATA_DIR); // refuses while the server runs
  try {
    const named = process.argv[2];
    const file = named ? path.resolve(named) : path.join(backupDir(env.DATA_DIR), (await listBackups(env.DATA_DIR)).at(-1) ?? '');
    if (!existsSync(file) || !file.endsWith('.tar.gz')) throw new Error(`No backup to restore (looked for ${file}).`);
    const dbDir = path.join(env.DATA_DIR, 'db');
    // Put back beside the current database, which steps aside only then: a restore that fails or
    // is stopped half-way leaves the current one in place (and a folder the next restore replaces).
    const restoring = `${dbDir}.restoring`;
    await rm(restoring, { recursive: true, force: true });
    const tarball = new Blob([await readFile(file)]);
    const db = await PGlite.create(restoring, { loadDataDir: tarball });
    await db.exec('CHECKPOINT');
    await db.close();
    if (existsSync(dbDir)) {
      const aside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dbDir, aside);
      console.log(`The current database was moved to ${aside}`);
    }
    await rename(restoring, dbDir);
    console.log(`Restored ${file}`);
  } finally {
    unlock();
  }
});
