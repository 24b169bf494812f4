// Opens the configured database for a command-line script, the same way the
// server does (lock included), and migrates it.
import path from 'node:path';
import { openDatabase, setDatabase } from '../app/db/client.server.ts';
import { migrate } from '../app/db/migrate.server.ts';
import { lockDataDir } from '../app/lib/data-dir-lock.server.ts';
import { getEnv } from '../app/lib/env.server.ts';

export async function openScriptDatabase() {
  const env = getEnv();
  let unlock = () => {};
  const connection = env.DATABASE_URL
    ? await openDatabase({ engine: 'postgres', url: env.DATABASE_URL })
    : await (async () => {
        unlock = lockDataDir(env.DATA_DIR);
        const newDatabaseImage = path.resolve(import.meta.dirname, '../build/new-database.tar.gz');
        return openDatabase({ engine: 'pglite', dataDir: path.join(env.DATA_DIR, 'db'), newDatabaseImage });
      })();
  await migrate(connection);
  setDatabase(connection);
  return {
    connection,
    close: async () => {
      await connection.checkpoint();
      await connection.close();
      setDatabase(undefined);
      unlock();
    },
  };
}

/** Runs a script body and turns operator errors into one clear line. */
export async function runScript(body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    const known = ['EnvError', 'DataDirLockedError'].includes((error as Error).name);
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  }
}
