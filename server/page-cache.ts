// The exact page cache for anonymous readers. A public page is kept after its
// first render, whole and compressed (brotli, gzip), and so is its route data
// (`.data`, what a client-side navigation asks), and served from memory
// without running React until a write changes what pages show
// (lib/content-version.server.ts). See docs/decisions/005-page-cache.md.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { contentIsHeard, contentVersion, onContentChange } from '../app/lib/content-version.server.ts';
import { mayCarrySession } from '../app/lib/auth.server.ts';
import { CATEGORIES } from '../app/utils/catalog.ts';
import { pageCacheSuffix } from '../app/utils/pagination.ts';
import { servingsCacheSuffix } from '../app/utils/servings-param.ts';
import { chooseEncoding, type Encoding } from './content-encoding.ts';
import { etagOf } from './etag.ts';
import { BUILD_VERSION_HEADER } from '../app/utils/build-version.ts';
import { isRouteDataPath, pagePathOfData } from './route-data.ts';
import { PRIVATE_CACHE_CONTROL } from './private-answers.ts';
import { cspHeader, hardeningHeaders } from './security-headers.ts';

const CATEGORY_PATHS = CATEGORIES.map((c) => c.slug).join('|');
/** What search engines and feed readers fetch: robots.txt, the sitemap (and its parts), the feeds. */
const MACHINE_PATHS = `robots\\.txt|sitemap\\.xml|sitemaps/[^/]+|feed\\.xml|(?:${CATEGORY_PATHS})/feed\\.xml`;
/** The documents kept: pages (200 or 404) and, as 200 only, the machine-read ones. */
const KEPT_TYPES = /^(?:application\/(?:xml|rss\+xml)|text\/plain)\b/;
/**
 * The pages everybody sees alike: home, categories, imprint, privacy, tags, recipes. Everything else
 * (accounts, authoring, APIs) is never kept. The search (/suche) is left out on purpose: each query
 * and filter would be a copy of its own (unbounded keys from free text), and a search costs
 * milliseconds (bench/RESULTS.md).
 */
const READER_PATHS = `|${CATEGORY_PATHS}|imprint|datenschutz|tags/[^/]+|detail/[^/]+`;
/** What is kept: those pages and the machine-read documents. */
const PUBLIC_PAGE = new RegExp(`^/(?:${READER_PATHS}|${MACHINE_PATHS})$`);
/** The pages whose route data (`.data`, a client-side navigation) is kept too: not the machine-read documents. */
const DATA_PAGE = new RegExp(`^/(?:${READER_PATHS})$`);
/** The public pages that are lists in pages (`?seite=N`). */
const LIST_PAGE = new RegExp(`^/(?:|${CATEGORY_PATHS}|tags/[^/]+)$`);
/** A recipe reads `?portionen=N` (the servings calculator); the imprint, the privacy page and the machine-read documents read no query parameter at all. */
const RECIPE_PAGE = /^\/detail\/[^/]+$/;

type Entry = {
  status: number;
  /** Route data (a navigation's `.data`), not the page: never a 304, sent as the render sent it. */
  routeData: boolean;
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** The whole header block for each encoding, over HTTP and over HTTPS (with HSTS), built once when the page is kept. */
  headers: Record<'http' | 'https', Record<Encoding, OutgoingHttpHeaders>>;
  bytes: number;
};

/** The inline scripts of a page, as CSP hashes: a stored page needs no per-response nonce. */
export function inlineScriptHashes(html: string) {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

class PageStore {
  #entries = new Map<string, Entry>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}

  get(key: string) {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry) {
    if (entry.bytes > this.maxBytes) return;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }
}

/** The part of the cache's bytes that 404s may fill: an eighth. */
const MISSING_SHARE = 8;

/** An answer from the store (one that waited in the render line passes Express's compression): encoded as the client asked already. */
export function isPageCacheHit(res: Pick<ServerResponse, 'getHeader'>) {
  return res.getHeader('X-Page-Cache') === 'hit';
}

/** What every answer from the store says besides its body: the page's own CSP, ETag, the encoding. */
function headerBlock({
  contentType,
  csp,
  etag,
  encoding,
  length,
  secure,
  routeData,
  buildVersion,
}: {
  contentType: string;
  csp: string;
  etag: string;
  encoding: Encoding;
  length: number;
  secure: boolean;
  routeData: boolean;
  buildVersion: string;
}) {
  return {
    ...hardeningHeaders({ secure }),
    'Content-Type': contentType,
    'Content-Security-Policy': csp,
    Vary: 'Accept-Encoding, Cookie',
    ...(routeData
      ? // As rendered: React Router's client reads this header, and browsers keep no route data (server/private-answers.ts).
        { 'X-Remix-Response': 'yes', 'Cache-Control': PRIVATE_CACHE_CONTROL, ...(buildVersion ? { [BUILD_VERSION_HEADER]: buildVersion } : {}) }
      : // Browsers may keep a page but ask again (a 304 is cheap); the signed-in version of a URL differs.
        { ETag: etag, 'Cache-Control': 'no-cache' }),
    'X-Page-Cache': 'hit',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Content-Length': String(length),
  } satisfies OutgoingHttpHeaders;
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, secure: boolean) {
  // After Express's middlewares (a request that waited in line) the answer is still the entry's own headers and no others.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  // Behind a TLS proxy every request is the HTTPS one: nothing is merged per request.
  const headers = entry.headers[secure ? 'https' : 'http'][encoding];
  if (entry.status === 200 && !entry.routeData && req.headers['if-none-match'] === entry.etag) {
    const { 'Content-Length': _length, 'Content-Encoding': _encoding, ...notModified } = headers;
    res.writeHead(304, notModified).end();
    return;
  }
  res.writeHead(entry.status, headers).end(req.method === 'HEAD' ? undefined : entry.bodies[encoding]);
}

type PageRequest = { method?: string; url?: string; headers: { cookie?: string } };

const NO_QUERY = new URL('http://localhost/');
/** Route data is kept under its page's key and this word (a key from a URL has no space). */
const ROUTE_DATA_SUFFIX = 'data';

/**
 * The key a request is answered from and stored under, or undefined when it
 * may be neither (not an anonymous read of a public page or of its route
 * data, which is kept under the page's key and a word). The key is the
 * path and, for a recipe's page (not its data) scaled to other servings, `?portionen=N`
 * (utils/servings-param.ts), for the later pages of a list (home, categories,
 * tags), `?seite=N` (utils/pagination.ts):
 * no header and no other query parameter can make a second copy or change
 * one. A `seite` that names no page by itself (`seite=1` redirects, junk is a
 * 404) bypasses the cache, so it cannot be kept under the bare path. Read
 * from the raw request line, so that a hit needs no Express request.
 */
function cacheKey({ method, url = '', headers }: PageRequest) {
  const read = method === 'GET' || method === 'HEAD';
  if (!read || !url.startsWith('/') || mayCarrySession(headers.cookie)) return undefined;
  const queryStart = url.indexOf('?');
  const requestPath = queryStart === -1 ? url : url.slice(0, queryStart);
  // A path the router reads as another one (`\`, `.` and `..` segments) never gets here: the
  // server's request listener refuses it (site-address.ts). Another spelling of a page's own path
  // renders that page, but is not kept: one copy per spelling could push all others out.
  if (!isSpeltAsLinked(requestPath)) return undefined;
  const routeData = isRouteDataPath(requestPath);
  const path = routeData ? pagePathOfData(requestPath) : requestPath;
  if (!(routeData ? DATA_PAGE : PUBLIC_PAGE).test(path)) return undefined;
  const query = queryStart === -1 ? NO_QUERY : new URL(`http://localhost/${url.slice(queryStart)}`); // the query only: cannot throw
  // `_routes` names the only loaders to run (a revalidation): not the data a navigation asks.
  if (routeData && query.searchParams.has('_routes')) return undefined;
  // A recipe's data is the same for all servings (the page scales the amounts itself): one copy, under the bare path.
  const pageKey = pageKeyOf(path, routeData && RECIPE_PAGE.test(path) ? NO_QUERY : query);
  return pageKey === undefined || !routeData ? pageKey : `${pageKey} ${ROUTE_DATA_SUFFIX}`;
}

/** Anything but letters, digits, `-`, `.`, `_`, `~` and `/`: a path that may be spelt another way. */
const MAY_BE_RESPELT = /[^\w\-.~/]/;
const UPPER_CASE = /[A-Z]/;

/**
 * Whether a path is spelt as the site's links spell it: each part escaped as encodeURIComponent
 * escapes it (not `%32` for `2`, nor `%c3%bc` for `%C3%BC`), and a recipe's id in lower case.
 */
function isSpeltAsLinked(path: string) {
  if (path.startsWith('/detail/') && UPPER_CASE.test(path)) return false;
  if (!MAY_BE_RESPELT.test(path)) return true;
  try {
    return path.split('/').every((part) => encodeURIComponent(decodeURIComponent(part)) === part);
  } catch {
    return false; // a broken escape
  }
}

function pageKeyOf(path: string, query: URL) {
  if (RECIPE_PAGE.test(path)) return path + servingsCacheSuffix(query);
  if (!LIST_PAGE.test(path)) return path; // the imprint, the privacy page, robots.txt, sitemaps, feeds: no parameter makes a copy
  const suffix = pageCacheSuffix(query);
  return suffix === undefined ? undefined : path + suffix;
}

/**
 * One store, filled and read at two places. `serveHit` runs before Express
 * on the plain Node request (a hit skips Express, the nonce, compression,
 * static files and React: Express alone halved the throughput of a hit),
 * and again for a request whose turn in the render line has come
 * (server/render-queue.ts);
 * `keep` sits just before React
 * Router (after compression, so it sees the page uncompressed) and stores
 * every anonymous public page that renders as 200 or 404 without setting a
 * cookie or saying it is private. The key: see cacheKey. A later page of a
 * list is kept only as a 200: a 404 beyond the last page is not worth the
 * room, and kept ones could be made up by the million.
 */
export function createPageCache({ maxBytes }: { maxBytes: number }) {
  const store = new PageStore(maxBytes - Math.floor(maxBytes / MISSING_SHARE));
  // A 404 (an unknown recipe or tag) is kept apart: addresses made up by the thousand, by a scanner
  // or on purpose, then push out only other 404s, never a page that readers read.
  const missing = new PageStore(Math.floor(maxBytes / MISSING_SHARE));
  // Emptied on every write; the listener lives as long as the process (one app per process).
  onContentChange(() => {
    store.clear();
    missing.clear();
  });

  /** Answers a request from memory and says true, or says false and leaves it alone. */
  const serveHit = (req: IncomingMessage, res: ServerResponse, { secure }: { secure: boolean }) => {
    const key = cacheKey(req);
    const hit = key === undefined ? undefined : (store.get(key) ?? missing.get(key));
    if (!hit) return false;
    send(req, res, hit, secure);
    return true;
  };

  const keep: RequestHandler = (req, res, next) => {
    const key = cacheKey(req);
    if (key === undefined) return next();
    const versionAtStart = contentVersion();
    const routeData = isRouteDataPath(req.path);
    // Route data leaves private-answers marked private for browsers. React Router's adapter
    // appends a route's own Cache-Control to it, so an unchanged header means the route said nothing.
    const cacheControlAtStart = res.getHeader('cache-control');
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };

    const storeIfPublic = () => {
      const contentType = String(res.getHeader('content-type') ?? '');
      const cacheControl = res.getHeader('cache-control');
      const storable =
        req.method === 'GET' &&
        (routeData
          ? contentType.startsWith('text/x-script') && res.statusCode === 200 && cacheControl === cacheControlAtStart
          : ((contentType.startsWith('text/html') && (res.statusCode === 200 || (res.statusCode === 404 && key === req.path))) ||
              (KEPT_TYPES.test(contentType) && res.statusCode === 200)) &&
            !/private|no-store/.test(String(cacheControl ?? ''))) &&
        !res.getHeader('set-cookie') &&
        // A write while this page rendered may have made it stale already; and while this instance
        // may not hear the others' writes, it keeps nothing.
        contentVersion() === versionAtStart &&
        contentIsHeard();
      if (!storable) return;
      // Compressed here, once per page and change (a few milliseconds), so
      // that the very next request is served from memory.
      const identity = Buffer.concat(chunks);
      const br = brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 7, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } });
      const gz = gzipSync(identity, { level: 7 });
      const csp = cspHeader({ scriptSources: routeData ? [] : inlineScriptHashes(identity.toString('utf8')) });
      const etag = etagOf(identity);
      const buildVersion = String(res.getHeader(BUILD_VERSION_HEADER) ?? '');
      const bodies = { br, gzip: gz, identity };
      const headersFor = (secure: boolean) => {
        const block = (encoding: Encoding) => headerBlock({ contentType, csp, etag, encoding, length: bodies[encoding].length, secure, routeData, buildVersion });
        return { br: block('br'), gzip: block('gzip'), identity: block('identity') };
      };
      // One copy per key: a page that was a 404 (or became one) leaves the other store.
      const [keptIn, other] = res.statusCode === 404 ? [missing, store] : [store, missing];
      other.delete(key);
      keptIn.set(key, {
        status: res.statusCode,
        routeData,
        etag,
        bodies,
        headers: { http: headersFor(false), https: headersFor(true) },
        bytes: identity.length + br.length + gz.length,
      });
    };

    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      storeIfPublic(); // kept before the answer leaves: the client's next request finds it
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader('X-Page-Cache', 'miss');
    next();
  };

  return { serveHit, keep };
}
