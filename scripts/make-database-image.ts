// The last step of `npm run build`: the files of a new, empty embedded database, as PGlite's initdb
// makes them, kept as a gzipped tar in build/new-database.tar.gz (the backups' form). A blog's first
// start writes them out in a fraction of a second instead of running initdb, which takes 5 s and
// more (app/db/client.server.ts); the migrations then run as on every start. Made with the PGlite
// the build ships with, it matches the server it is built with.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { readDirectoryTree } from '../app/db/snapshot.server.ts';
import { tarPieces } from '../app/db/tar.server.ts';

const imageFile = path.resolve(import.meta.dirname, '../build/new-database.tar.gz');

const folder = await mkdtemp(path.join(tmpdir(), 'chuchiblog-new-database-'));
try {
  const database = await PGlite.create({ dataDir: folder });
  // Everything in the data files, nothing left in the log for the first start to replay.
  await database.exec('CHECKPOINT');
  await database.close();
  const files = await readDirectoryTree(folder);
  // Written under a temporary name and renamed: an interrupted build leaves no half-written image.
  await pipeline(Readable.from(tarPieces(files)), createGzip({ level: constants.Z_BEST_COMPRESSION }), createWriteStream(`${imageFile}.tmp`));
  await rename(`${imageFile}.tmp`, imageFile);
} finally {
  await rm(folder, { recursive: true, force: true });
}
