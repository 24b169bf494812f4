// The client build's files: /assets (hashed names, kept by browsers for a
// year) and the few files beside it (favicon, logo: an hour), read into
// memory at start and sent from there. Text files go out as the brotli or
// gzip copy that the build wrote beside them (server/compressed-copies.ts),
// compressed once at the highest levels instead of for every visitor while
// the page waits (bench/RESULTS.md, "The client build compressed once").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { chooseEncoding, type Encoding } from './content-encoding.ts';
import { COMPRESSED_COPIES, COMPRESSIBLE, BUILD_DIRS, IS_COPY, type CopyEncoding } from './compressed-copies.ts';
import { etagOf } from './etag.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const HOUR_SECONDS = 60 * 60;

type Body = { bytes: Buffer; etag: string };
/** A file of the build: as it is, and its two copies if the build wrote both (one alone is not used). */
type BuiltFile = { extension: string; cacheControl: string; bodies: { identity: Body } & Partial<Record<CopyEncoding, Body>> };

export function builtFiles(clientDir: string): RequestHandler {
  // All of it is about 2 MB. A new build needs a restart anyway: the
  // server's own bundle is imported once, too.
  const files = new Map<string, BuiltFile>();
  for (const dir of BUILD_DIRS) {
    const cacheControl = dir === 'assets' ? `public, max-age=${YEAR_SECONDS}, immutable` : `public, max-age=${HOUR_SECONDS}`;
    for (const [urlPath, file] of filesOf(clientDir, dir, cacheControl)) files.set(urlPath, file);
  }
  const serveTopLevel = express.static(clientDir, { maxAge: HOUR_SECONDS * 1000, index: false });

  const router = express.Router();
  router.use((req, res, next) => {
    if (IS_COPY.test(req.path)) return next('router');
    const file = files.get(req.path);
    // A range is rare (browsers ask none for scripts, styles or fonts), and
    // a range of compressed bytes would be one of another file: ranges, and
    // paths written otherwise (percent-encoded), get express.static.
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    send(req, res, file, chooseEncoding(req.headers['accept-encoding']));
  });
  // No redirect of `/assets` to `/assets/`: express.static's is an English page; the site's 404 answers.
  router.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: YEAR_SECONDS * 1000, redirect: false }));
  // Only the files beside /assets: every other path goes on without the
  // file-system look-up that express.static makes for each request.
  router.use((req, res, next) => (files.has(req.path) && !req.path.startsWith('/assets/') ? serveTopLevel(req, res, next) : next()));
  return router;
}

function send(req: Request, res: Response, file: BuiltFile, encoding: Encoding) {
  const chosen = file.bodies[encoding] ? encoding : 'identity';
  const body = file.bodies[chosen]!;
  res.type(file.extension);
  res.set({ 'Cache-Control': file.cacheControl, ETag: body.etag, 'Accept-Ranges': 'bytes' });
  if (file.bodies.br) res.set('Vary', 'Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Set before the body: the compression middleware leaves an encoded answer alone.
  if (chosen !== 'identity') res.set('Content-Encoding', chosen);
  res.set('Content-Length', String(body.bytes.length));
  res.end(req.method === 'HEAD' ? undefined : body.bytes);
}

/** The files of one directory of the build, by URL path (the copies are not addresses of their own). */
function filesOf(clientDir: string, dir: string, cacheControl: string): Array<[string, BuiltFile]> {
  const fullDir = path.join(clientDir, dir);
  if (!existsSync(fullDir)) return [];
  const urlPrefix = dir === '.' ? '/' : `/${dir}/`;
  const read = (file: string): Body => {
    const bytes = readFileSync(file);
    return { bytes, etag: etagOf(bytes) };
  };
  return readdirSync(fullDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !IS_COPY.test(entry.name))
    .map((entry): [string, BuiltFile] => {
      const file = path.join(fullDir, entry.name);
      const copyPaths = Object.entries(COMPRESSED_COPIES).map(([encoding, suffix]) => [encoding, file + suffix] as const);
      const hasCopies = COMPRESSIBLE.test(entry.name) && copyPaths.every(([, copyPath]) => existsSync(copyPath));
      const copies = hasCopies ? Object.fromEntries(copyPaths.map(([encoding, copyPath]) => [encoding, read(copyPath)])) : {};
      return [`${urlPrefix}${entry.name}`, { extension: path.extname(entry.name), cacheControl, bodies: { identity: read(file), ...copies } }];
    });
}
