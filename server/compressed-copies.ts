// The brotli and gzip copies that `npm run build` writes beside the client
// build's text files (scripts/compress-assets.ts) and the server sends
// (server/built-files.ts). Fonts and pictures are compressed already.

/** The files that get copies: text. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** The copies beside such a file (`x.js.br`, `x.js.gz`), by their encoding. */
export const COMPRESSED_COPIES = { br: '.br', gzip: '.gz' } as const;

export type CopyEncoding = keyof typeof COMPRESSED_COPIES;

/** A copy's own name: not a URL of its own (it would go out as an unknown type, compressed again). */
export const IS_COPY = /\.(?:br|gz)$/;

/** The two directories of the build that have copies: the client build itself (favicon, logo) and its assets. */
export const DIRS_WITH_COPIES = ['.', 'assets'] as const;
