// Which compression a client takes, from its Accept-Encoding (q-values
// honoured). Shared by the page cache, which keeps brotli and gzip made once,
// and the rendered documents, which are compressed on every request.

export type Encoding = 'br' | 'gzip' | 'identity';

type Accepted = { br: boolean; gzip: boolean };

/** Browsers send one of a handful of Accept-Encoding values; each is parsed once. */
const acceptedByHeader = new Map<string, Accepted>();

function accepted(acceptEncoding: string | undefined): Accepted {
  const header = acceptEncoding ?? '';
  let result = acceptedByHeader.get(header);
  if (result === undefined) {
    result = parseAcceptEncoding(header);
    // Bounded: made-up headers must not grow it.
    if (acceptedByHeader.size >= 100) acceptedByHeader.clear();
    acceptedByHeader.set(header, result);
  }
  return result;
}

function parseAcceptEncoding(acceptEncoding: string): Accepted {
  const qualities = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    qualities.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => qualities.get(name) ?? (qualities.has('*') ? qualities.get('*')! : 0);
  return { br: quality('br') > 0, gzip: quality('gzip') > 0 };
}

/** For bodies compressed once and kept: brotli first, it is the smallest. */
export function encodingForKeptBody(acceptEncoding: string | undefined): Encoding {
  const { br, gzip } = accepted(acceptEncoding);
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/**
 * For bodies compressed on every request: gzip first. At the size of a page
 * (40 KB) gzip's default level is as small as brotli's quality 4 (within 1 %)
 * in half the time (bench/RESULTS.md).
 */
export function encodingForFreshBody(acceptEncoding: string | undefined): Encoding {
  const { br, gzip } = accepted(acceptEncoding);
  return gzip ? 'gzip' : br ? 'br' : 'identity';
}
