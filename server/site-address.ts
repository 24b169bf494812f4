import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * Reads the request line's target as a path (origin form, `/imprint?x`).
 * HTTP/1.1 servers must accept the absolute form too (`GET http://host/imprint`,
 * as proxies send it); its path is what counts, the site having one address.
 * False for a target that names no path (`*`, the whole server): answer 400.
 */
export function toOriginForm(req: IncomingMessage): boolean {
  const target = req.url ?? '';
  if (target.startsWith('/')) return true;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!absolute) return false;
  const rest = target.slice(absolute[0].length);
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  return true;
}

/** What URL parsing would change in a path: a backslash, a dot segment (also as `%2e`). */
const MAY_NAME_ANOTHER_PATH = /\\|\/\.|%2e/i;

/**
 * Whether the request's path is one the router would read as another (`/a/../b`, `/a\b`,
 * `/a/%2e%2e/b`). Browsers resolve those before they send a request, so only a hand-made one
 * has them; it is refused, because the checks that read the path as sent (the page cache, the
 * form targets, the private answers) would judge another path than the router's. A URL parse
 * (a microsecond) only for a path that may be one.
 */
export function namesAnotherPath(target: string): boolean {
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  return MAY_NAME_ANOTHER_PATH.test(path) && new URL(`http://localhost${path}`).pathname !== path;
}

/**
 * The request's target with each path segment whose escapes do not decode (`%ZZ`, or `%FF`, which is
 * no UTF-8) written as text (`%25ZZ`). The router left such a path undecoded as a whole (the same
 * 404), and warned about every one in the log, twice; a scanner sends hundreds. Now it reads the
 * segment as the text it is, and the others decoded.
 */
export function withDecodableEscapes(target: string): string {
  if (!target.includes('%')) return target; // nearly every request: nothing to cut or copy
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  if (!path.includes('%')) return target;
  const segments = path.split('/').map((segment) => (decoded(segment) === undefined ? segment.replaceAll('%', '%25') : segment));
  return segments.join('/') + (queryStart === -1 ? '' : target.slice(queryStart));
}

/** The segment decoded, or undefined where its escapes do not decode. (A bare call, its result unused, the bundler drops.) */
function decoded(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether `Host` names a host (and port) a URL can be built on: no spaces, escapes or ports out of range. */
function isUsableHost(host: string | undefined): host is string {
  return host !== undefined && /^[^\s/?#@\\]+$/.test(host) && URL.canParse(`http://${host}/`);
}

/**
 * React Router builds each request's URL from `Host` (with TRUST_PROXY, from
 * X-Forwarded-Host and -Proto) and refuses a form whose `Origin` differs from
 * that URL. The site has one address, PUBLIC_URL: in production every request
 * is read as addressed to it, so no header can make that URL invalid (a 500)
 * or different from the Origin that `sameOriginOnly` accepted (a proxy that
 * passes its own Host). Development keeps the browser's host (localhost,
 * 127.0.0.1); only a missing or broken one becomes PUBLIC_URL's.
 */
export function addressedToSite(publicUrl: string, { development = false } = {}): RequestHandler {
  const site = new URL(publicUrl);
  const protocol = site.protocol.slice(0, -1);
  return (req, _res, next) => {
    if (!development || !isUsableHost(req.headers.host)) {
      req.headers.host = site.host;
      delete req.headers['x-forwarded-host'];
      // Express reads the protocol from the socket or X-Forwarded-Proto; React Router takes it from here.
      Object.defineProperty(req, 'protocol', { value: protocol });
    }
    next();
  };
}
