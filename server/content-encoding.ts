// Which of our compressed copies a client gets: the page cache keeps each page
// in brotli, gzip and plain, the client build has brotli and gzip copies of its
// text files (scripts/compress-assets.ts).

export type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send one of a handful of Accept-Encoding values; each is parsed once. */
const encodingByHeader = new Map<string, Encoding>();

/** The best encoding the client accepts (q-values honoured): brotli, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? '';
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    // Bounded: made-up headers must not grow it.
    if (encodingByHeader.size >= 100) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}
