// The client build's files: /assets (hashed names, kept by browsers for a
// year) and the few files beside it (favicon, logo: an hour). Their text
// files go out as the brotli or gzip copy that the build wrote beside them
// (server/compressed-copies.ts), compressed once at the highest levels instead
// of for every visitor while the page waits (bench/RESULTS.md, "The client
// build compressed once"). Anything else, and a client that takes neither
// encoding, is express.static's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { chooseEncoding } from './content-encoding.ts';
import { COMPRESSED_COPIES, COMPRESSIBLE, DIRS_WITH_COPIES, IS_COPY, type CopyEncoding } from './compressed-copies.ts';
import { etagOf } from './etag.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const HOUR_SECONDS = 60 * 60;

type Copy = { body: Buffer; etag: string };
type CompressedFile = { extension: string; cacheControl: string; copies: Record<CopyEncoding, Copy> };

export function builtFiles(clientDir: string): RequestHandler {
  const assetsDir = path.join(clientDir, 'assets');
  // Read once at start (well under 1 MB). A new build needs a restart anyway:
  // the server's own bundle is imported once, too.
  const compressed = new Map<string, CompressedFile>();
  for (const dir of DIRS_WITH_COPIES) {
    const cacheControl = dir === 'assets' ? `public, max-age=${YEAR_SECONDS}, immutable` : `public, max-age=${HOUR_SECONDS}`;
    for (const [urlPath, file] of compressedFiles(clientDir, dir, cacheControl)) compressed.set(urlPath, file);
  }
  // The files beside /assets, known at start: every other path goes on
  // without the look-up that express.static makes for each request (a page
  // render's share of a profile under load).
  const topLevel = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !IS_COPY.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  const serveTopLevel = express.static(clientDir, { maxAge: HOUR_SECONDS * 1000, index: false });

  const router = express.Router();
  router.use((req, res, next) => {
    if (IS_COPY.test(req.path)) return next('router');
    const file = compressed.get(req.path);
    // A range of compressed bytes would be a range of another file: ranges get the plain file.
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return next();
    sendCopy(req, res, file, encoding);
  });
  router.use('/assets', express.static(assetsDir, { immutable: true, maxAge: YEAR_SECONDS * 1000 }));
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

/** The files of one directory of the build with both copies beside them, by URL path (one copy alone is not used). */
function compressedFiles(clientDir: string, dir: string, cacheControl: string): Array<[string, CompressedFile]> {
  const fullDir = path.join(clientDir, dir);
  if (!existsSync(fullDir)) return [];
  const urlPrefix = dir === '.' ? '/' : `/${dir}/`;
  return readdirSync(fullDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .flatMap((entry): Array<[string, CompressedFile]> => {
      const copyPaths = Object.entries(COMPRESSED_COPIES).map(([encoding, suffix]) => [encoding as CopyEncoding, path.join(fullDir, entry.name + suffix)] as const);
      if (!copyPaths.every(([, copyPath]) => existsSync(copyPath))) return [];
      const copies = Object.fromEntries(
        copyPaths.map(([encoding, copyPath]) => {
          const body = readFileSync(copyPath);
          return [encoding, { body, etag: etagOf(body) }];
        }),
      ) as Record<CopyEncoding, Copy>;
      return [[`${urlPrefix}${entry.name}`, { extension: path.extname(entry.name), cacheControl, copies }]];
    });
}
