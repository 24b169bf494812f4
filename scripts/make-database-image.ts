// The last step of `npm run build`: the files of a new, empty embedded database, as PGlite's initdb
// makes them, kept as a gzipped tar in build/new-database.tar.gz (the backups' form). A blog's first
// start writes them out in a fraction of a second instead of running initdb, which takes 5 s and
// more (app/db/client.server.ts); the migrations then run as on every start. The files depend on
// PGlite's version only: made once for it (in node_modules/.cache) and copied into each build.
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { readDirectoryTree } from '../app/db/snapshot.server.ts';
import { tarPieces } from '../app/db/tar.server.ts';

const root = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
const madeOnce = path.join(root, `node_modules/.cache/chuchiblog/new-database-pglite-${version}.tar.gz`);
const imageFile = path.join(root, 'build/new-database.tar.gz');

async function makeImage(target: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'chuchiblog-new-database-'));
  try {
    const database = await PGlite.create({ dataDir: folder });
    // Everything in the data files, nothing left in the log for the first start to replay.
    await database.exec('CHECKPOINT');
    await database.close();
    const files = await readDirectoryTree(folder);
    await mkdir(path.dirname(target), { recursive: true });
    // zlib's default level: 4.5 MB in half a second; its best saves 1.5 % for 3 s more.
    await pipeline(Readable.from(tarPieces(files)), createGzip(), createWriteStream(`${target}.tmp`));
    // Renamed once whole: an interrupted build leaves no half-written image.
    await rename(`${target}.tmp`, target);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (!existsSync(madeOnce)) await makeImage(madeOnce);
await copyFile(madeOnce, `${imageFile}.tmp`);
await rename(`${imageFile}.tmp`, imageFile);
