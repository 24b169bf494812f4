// A new embedded database takes PGlite 3 to 6 seconds to make (its initdb writes about a thousand
// files); a copy of one made and migrated once takes a fifth of a second. The apps the tests start
// on PGlite get such a copy in their DATA_DIR: the very files the app would have made itself,
// which it then opens and migrates (nothing left to do) as on any later start. The integration
// tests' databases in memory start from an image of one.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../app/db/client.server.ts';
import { migrate } from '../../app/db/migrate.server.ts';
import { copyFolder } from './copy-folder.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Copies a migrated PGlite database to `target` (the app's `DATA_DIR/db`). */
export async function copyMigratedDatabase(target: string) {
  await copyFolder(await migratedTemplate(), target);
}

/**
 * A migrated PGlite database in memory (the integration lane's): loaded from an image of one
 * (PGlite's dumpDataDir, a tar of its files) in 0.8 s instead of 3.6 s for an initdb and the
 * migrations. The image is made once for the same key as the template, beside it.
 */
export async function openMigratedDatabaseInMemory() {
  return openDatabase({ engine: 'pglite', image: new Blob([await readFile(await migratedImage())]) });
}

let image: Promise<string> | undefined;

function migratedImage() {
  image ??= (async () =>
    madeOnce(path.join(tmpdir(), `chuchiblog-test-database-${await templateKey()}.tar`), async (building) => {
      // Made from a database of its own: the template's files may be being copied meanwhile.
      const connection = await openDatabase({ engine: 'pglite' });
      let tar: Blob;
      try {
        await migrate(connection);
        await connection.checkpoint(); // so that a load has no log to replay
        tar = await connection.pglite!.dumpDataDir('none');
      } finally {
        await connection.close();
      }
      await writeFile(building, Buffer.from(await tar.arrayBuffer()));
    }))();
  return image;
}

let template: Promise<string> | undefined;

/**
 * The template, made once for a set of migrations and a PGlite version (so a new migration makes a
 * new one) and shared by the test processes.
 */
function migratedTemplate() {
  template ??= (async () =>
    madeOnce(path.join(tmpdir(), `chuchiblog-test-database-${await templateKey()}`), async (building) => {
      const connection = await openDatabase({ engine: 'pglite', dataDir: building });
      try {
        await migrate(connection);
        await connection.checkpoint();
      } finally {
        await connection.close();
      }
    }))();
  return template;
}

/**
 * `target` as it is, or made (`make` writes it under a name of its own) and moved into place. Each
 * process that finds none makes its own; what it makes is the same as any other's, so whichever
 * arrives last or first may keep its place.
 */
async function madeOnce(target: string, make: (building: string) => Promise<void>) {
  if (await exists(target)) return target;
  const building = `${target}.${randomUUID()}`;
  await make(building);
  await rename(building, target).catch(async (error: NodeJS.ErrnoException) => {
    // A directory another process moved into place first (a file is simply replaced).
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(building, { recursive: true, force: true });
  });
  return target;
}

async function templateKey() {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  const migrations = path.join(root, 'drizzle');
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    const full = path.join(migrations, file);
    if ((await stat(full)).isFile()) hash.update(file).update(await readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}
