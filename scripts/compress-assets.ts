// The last step of `npm run build`: a brotli and a gzip copy beside each text
// file of the client build (x.js.br, x.js.gz), at the highest levels, which
// the server sends as they are (server/built-files.ts). A file that neither
// would shrink gets no copies.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { COMPRESSED_COPIES, COMPRESSIBLE } from '../server/built-files.ts';

const clientDir = path.resolve(import.meta.dirname, '../build/client');
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

let compressed = 0;
let before = 0;
let after = 0;
// On the thread pool, a few files at once.
await Promise.all(
  files.map(async (file) => {
    const plain = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
      gzipped(plain, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    if (br.length >= plain.length || gz.length >= plain.length) return;
    await Promise.all([writeFile(file + COMPRESSED_COPIES.br, br), writeFile(file + COMPRESSED_COPIES.gzip, gz)]);
    compressed++;
    before += plain.length;
    after += br.length;
  }),
);
console.log(`compressed ${compressed} of ${files.length} text files of the client build: ${Math.round(before / 1024)} KiB, ${Math.round(after / 1024)} KiB as brotli`);
