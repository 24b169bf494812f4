// Rendered pages are compressed here, whole and at once, on the main thread.
// A page arrives in one piece anyway (entry.server.tsx waits for the whole
// document). The general compression middleware would stream it through zlib
// on the thread pool and flush after every chunk: two or three trips through
// the event loop per answer, each waiting behind every other request in
// flight, so that under load a finished page took some 120 ms to leave and all
// pages of a burst left together (bench/RESULTS.md). Compressing the whole
// page costs about half a millisecond, and the answer leaves with the render
// that made it. Everything else (scripts, styles, data) keeps the middleware.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { encodingForFreshBody } from './content-encoding.ts';

/** Smaller bodies are sent as they are, as the compression middleware does. */
const THRESHOLD_BYTES = 1024;
/**
 * Larger ones (a recipe with hundreds of comments) go on to the compression
 * middleware: compressing them here would hold up every other request.
 */
const MAX_BYTES = 256 * 1024;

type WriteCallback = (error?: Error | null) => void;

function compress(body: Buffer, encoding: 'br' | 'gzip') {
  return encoding === 'gzip'
    ? gzipSync(body)
    : brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** Register right after `compression()`: it then sees the page already encoded and leaves it. */
export function compressDocuments(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'HEAD') return next();
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    // Decided at the first write, when the status and the headers are set.
    let chunks: Buffer[] | undefined;
    let decided = false;
    const decide = () => {
      decided = true;
      const isDocument = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      const mayEncode = !res.getHeader('content-encoding') && !/\bno-transform\b/.test(String(res.getHeader('cache-control') ?? ''));
      if (isDocument && mayEncode && !res.headersSent && res.statusCode !== 204 && res.statusCode !== 304) chunks = [];
    };
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (typeof chunk === 'string') chunks!.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      // React Router writes Uint8Arrays: viewed, not copied.
      else if (chunk instanceof Uint8Array) chunks!.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    const callbackIn = (args: unknown[]) => args.find((arg): arg is WriteCallback => typeof arg === 'function');

    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!decided) decide();
      if (!chunks) return write(chunk, ...rest);
      collect(chunk, rest[0]);
      const callback = callbackIn(rest);
      if (callback) process.nextTick(callback);
      return true;
    }) as typeof res.write;

    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!decided) decide();
      if (!chunks) return end(chunk, ...rest);
      collect(chunk, rest[0]);
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      chunks = undefined;
      const callback = callbackIn(typeof chunk === 'function' ? [chunk] : rest);
      const send = (sent: Buffer) => (callback ? end(sent, callback) : end(sent));
      if (body.length > MAX_BYTES) return send(body);
      res.vary('Accept-Encoding');
      const encoding = body.length < THRESHOLD_BYTES ? 'identity' : encodingForFreshBody(req.headers['accept-encoding']);
      const sent = encoding === 'identity' ? body : compress(body, encoding);
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', sent.length);
      return send(sent);
    }) as typeof res.end;

    next();
  };
}
