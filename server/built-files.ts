// The client build's files: /assets (hashed names, kept by browsers for a
// year) and the few files beside it (favicon, logo: an hour). Their text
// files go out as the brotli or gzip copy that the build wrote beside them
// (scripts/compress-assets.ts), compressed once at the highest levels instead
// of for every visitor while the page waits (bench/RESULTS.md, "The client
// build compressed once"). Anything else, and a client that takes neither
// encoding, is express.static's.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { chooseEncoding } from './content-encoding.ts';

/** The files the build compresses: text. Fonts and pictures are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** The copies beside such a file (`x.js.br`, `x.js.gz`), by their encoding. */
export const COMPRESSED_COPIES = { br: '.br', gzip: '.gz' } as const;

type CopyEncoding = keyof typeof COMPRESSED_COPIES;
type Copy = { body: Buffer; etag: string };
type CompressedFile = { extension: string; cacheControl: string; copies: Record<CopyEncoding, Copy> };

const ASSETS_CACHE = 'public, max-age=31536000, immutable';
const TOP_LEVEL_CACHE = 'public, max-age=3600';

export function builtFiles(clientDir: string): RequestHandler {
  const assetsDir = path.join(clientDir, 'assets');
  // Read once at start (about 1 MB): a request costs no file-system look-up.
  const compressed = new Map([...compressedFiles(assetsDir, '/assets/', ASSETS_CACHE), ...compressedFiles(clientDir, '/', TOP_LEVEL_CACHE)]);
  // The files beside /assets, known at start: every other path goes on
  // without the look-up that express.static makes for each request (a page
  // render's share of a profile under load).
  const topLevel = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serveTopLevel = express.static(clientDir, { maxAge: '1h', index: false });

  const router = express.Router();
  router.use((req, res, next) => {
    const file = compressed.get(req.path);
    // A range of compressed bytes would be a range of another file: ranges get the plain file.
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return next();
    sendCopy(req, res, file, encoding);
  });
  router.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y' }));
  router.use((req, res, next) => (topLevel.has(req.path) ? serveTopLevel(req, res, next) : next()));
  return router;
}

function sendCopy(req: Request, res: Response, file: CompressedFile, encoding: CopyEncoding) {
  const copy = file.copies[encoding];
  res.type(file.extension);
  res.set({ 'Cache-Control': file.cacheControl, Vary: 'Accept-Encoding', ETag: copy.etag });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Set before the body: the compression middleware leaves an encoded answer alone.
  res.set({ 'Content-Encoding': encoding, 'Content-Length': String(copy.body.length) });
  res.end(req.method === 'HEAD' ? undefined : copy.body);
}

/** The files of one directory that have both copies beside them, by URL path. */
function compressedFiles(dir: string, urlPrefix: string, cacheControl: string): Array<[string, CompressedFile]> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .flatMap((entry): Array<[string, CompressedFile]> => {
      const copyPaths = Object.values(COMPRESSED_COPIES).map((suffix) => path.join(dir, entry.name + suffix));
      if (!copyPaths.every((copyPath) => existsSync(copyPath))) return [];
      const copy = (encoding: CopyEncoding): Copy => {
        const body = readFileSync(path.join(dir, entry.name + COMPRESSED_COPIES[encoding]));
        return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      };
      return [[`${urlPrefix}${entry.name}`, { extension: path.extname(entry.name), cacheControl, copies: { br: copy('br'), gzip: copy('gzip') } }]];
    });
}
