// The last step of `npm run build`: the files of a new, empty embedded database, as PGlite's initdb
// makes them, kept as a gzipped tar in build/new-database.tar.gz. A blog's first start unpacks it in
// about a second instead of running initdb, which takes 5 s and more (app/db/client.server.ts);
// the migrations then run as on every start. Made from the PGlite the build ships with, it matches
// the server it is built with.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const imageFile = path.resolve(import.meta.dirname, '../build/new-database.tar.gz');

const database = await PGlite.create();
// Everything in the data files, nothing left in the log for the first start to replay.
await database.exec('CHECKPOINT');
const image = await database.dumpDataDir('gzip');
await database.close();
// Written under a temporary name and renamed: an interrupted build leaves no half-written image.
await writeFile(`${imageFile}.tmp`, Buffer.from(await image.arrayBuffer()));
await rename(`${imageFile}.tmp`, imageFile);
