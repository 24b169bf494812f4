// The production build's scripts, styles and SVGs go out as the brotli or
// gzip copy the build wrote beside them (byte for byte the file once decoded),
// with the Content-Type and Cache-Control that express.static (which answers
// ranges) gives the plain file.
// Which files get copies, from a directory of the test's own:
// tests/integration/built-files.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESSED_COPIES } from '../../server/compressed-copies.ts';
import { requestAsSent } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const clientDir = path.resolve(import.meta.dirname, '../../build/client');
const framework = readdirSync(path.join(clientDir, 'assets')).find((name) => /^framework-.*\.js$/.test(name))!;
const stylesheet = readdirSync(path.join(clientDir, 'assets')).find((name) => /^site-.*\.css$/.test(name))!;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

/** The answer as sent (fetch would decode it). */
function send(urlPath: string, headers: Record<string, string>, method = 'GET') {
  return requestAsSent(`${app.url}${urlPath}`, { method, headers });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync };

describe.each([
  { urlPath: `/assets/${framework}`, file: `assets/${framework}`, cacheControl: 'public, max-age=31536000, immutable' },
  { urlPath: `/assets/${stylesheet}`, file: `assets/${stylesheet}`, cacheControl: 'public, max-age=31536000, immutable' },
  { urlPath: '/logo.svg', file: 'logo.svg', cacheControl: 'public, max-age=3600' },
])('$urlPath', ({ urlPath, file, cacheControl }) => {
  const plainFile = () => readFileSync(path.join(clientDir, file));

  test.each([
    { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' as const },
    { acceptEncoding: 'gzip', encoding: 'gzip' as const },
    { acceptEncoding: 'br;q=0, gzip;q=0.5', encoding: 'gzip' as const },
  ])('Accept-Encoding "$acceptEncoding" gets the $encoding copy, which decodes to the file', async ({ acceptEncoding, encoding }) => {
    const fromExpressStatic = await send(urlPath, { 'Accept-Encoding': 'identity', Range: 'bytes=0-0' });
    expect(fromExpressStatic.status).toBe(206);
    const answer = await send(urlPath, { 'Accept-Encoding': acceptEncoding });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe(fromExpressStatic.headers['content-type']);
    expect(answer.headers['cache-control']).toBe(fromExpressStatic.headers['cache-control']);
    expect(answer.headers['cache-control']).toBe(cacheControl);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.equals(readFileSync(path.join(clientDir, file + COMPRESSED_COPIES[encoding])))).toBe(true);
    expect(answer.body.length).toBeLessThan(plainFile().length);
    expect(decode[encoding](answer.body).equals(plainFile())).toBe(true);
    // The headers every answer carries are there too.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a client that takes neither encoding gets the plain file', async () => {
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0']) {
      const answer = await send(urlPath, { 'Accept-Encoding': acceptEncoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.equals(plainFile())).toBe(true);
    }
  });

  test('a browser that has the copy gets 304 for its ETag, and the other copy for the other encoding', async () => {
    const first = await send(urlPath, { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);

    const again = await send(urlPath, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const otherEncoding = await send(urlPath, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
    expect(otherEncoding.headers.etag).not.toBe(etag);
  });

  test('HEAD says what GET would send, without a body', async () => {
    const get = await send(urlPath, { 'Accept-Encoding': 'br' });
    const head = await send(urlPath, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  test('a range is a range of the plain file', async () => {
    // Above the compression middleware's threshold (1 KiB), which would otherwise compress the part.
    const end = Math.min(4095, plainFile().length - 1);
    const answer = await send(urlPath, { 'Accept-Encoding': 'br', Range: `bytes=0-${end}` });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(plainFile().subarray(0, end + 1))).toBe(true);
  });
});

test('fonts go out as they are, and unknown paths are not found', async () => {
  const font = readdirSync(path.join(clientDir, 'assets')).find((name) => name.endsWith('.woff2'))!;
  const fontAnswer = await send(`/assets/${font}`, { 'Accept-Encoding': 'br' });
  expect(fontAnswer.status).toBe(200);
  expect(fontAnswer.headers['content-encoding']).toBeUndefined();
  expect(fontAnswer.body.equals(readFileSync(path.join(clientDir, 'assets', font)))).toBe(true);

  expect((await send('/assets/missing.js', { 'Accept-Encoding': 'br' })).status).toBe(404);
  // The folder itself: the site's German 404, not a redirect to `/assets/` on an English page.
  for (const folder of ['/assets', '/assets/']) {
    const answer = await send(folder, { 'Accept-Encoding': 'identity' });
    expect(answer.status, folder).toBe(404);
    expect(answer.body.toString(), folder).toContain('Seite nicht gefunden');
  }
});

test('/favicon.ico, which feed readers and crawlers ask for: an icon of PNG images, 16, 32 and 48 px', async () => {
  const answer = await send('/favicon.ico', { 'Accept-Encoding': 'identity' });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
  expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  const icon = answer.body;
  expect(icon.readUInt16LE(2)).toBe(1); // an icon
  const images = Array.from({ length: icon.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i;
    const png = icon.subarray(icon.readUInt32LE(entry + 12), icon.readUInt32LE(entry + 12) + icon.readUInt32LE(entry + 8));
    return { declared: icon[entry], png };
  });
  const found = await Promise.all(images.map(async ({ declared, png }) => ({ declared, ...(await sharp(png).metadata()) })));
  expect(found.map(({ declared, format, width, height }) => ({ declared, format, width, height }))).toEqual(
    [16, 32, 48].map((size) => ({ declared: size, format: 'png', width: size, height: size })),
  );
});
