// A step of `npm run build`: a brotli and a gzip copy beside each text
// file of the client build (x.js.br, x.js.gz), at the highest levels, which
// the server sends as they are (server/built-files.ts). A file gets both
// copies or none: none when either would not be smaller.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { COMPRESSED_COPIES, COMPRESSIBLE, BUILD_DIRS } from '../server/compressed-copies.ts';

const clientDir = path.resolve(import.meta.dirname, '../build/client');
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const files = (
  await Promise.all(
    BUILD_DIRS.map(async (dir) =>
      (await readdir(path.join(clientDir, dir), { withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(clientDir, dir, entry.name)),
    ),
  )
).flat();

/** Written under a temporary name and renamed: an interrupted build leaves no half-written copy for the server to send. */
async function writeWhole(file: string, bytes: Buffer) {
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

let compressed = 0;
let before = 0;
let after = 0;
// All at once: zlib's work runs on the thread pool, as many files at a time as it has threads.
await Promise.all(
  files.map(async (file) => {
    const plain = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzipped(plain, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    if (br.length >= plain.length || gz.length >= plain.length) return;
    await Promise.all([writeWhole(file + COMPRESSED_COPIES.br, br), writeWhole(file + COMPRESSED_COPIES.gzip, gz)]);
    compressed++;
    before += plain.length;
    after += br.length;
  }),
);
console.log(`compressed ${compressed} of ${files.length} text files of the client build: ${Math.round(before / 1024)} KiB, ${Math.round(after / 1024)} KiB as brotli`);
