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

/** The client build's two directories: itself (favicon, logo) and its assets. Both hold copies; the server keeps every file of both. */
export const BUILD_DIRS = ['.', 'assets'] as const;
