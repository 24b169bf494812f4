// Rendered pages leave compressed in one piece (server/compress-documents.ts):
// the encoding the client takes (gzip first), the right length and Vary, the
// same document in every encoding; the page cache still keeps the plain page,
// and everything else is still compressed by the general middleware.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createComment, createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let cookie: string;
let recipeId: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createAccount('Beat Keller');
  recipeId = (await createRecipe(owner, { title: 'Zuger Kirschtorte', category: 'Backen' })).id;
  cookie = await sessionCookie(app.url, owner.email);
});

afterAll(async () => {
  await app?.stop();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A raw request (fetch would decode the body and hide the encoding). */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${app.url}${path}`, { method, headers }, async (response) => {
      resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(await response.toArray()) });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The document without its per-response nonce, which differs from answer to answer. */
const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');

test('a signed-in page is compressed whole with the encoding the client takes, gzip before brotli', async () => {
  const path = `/detail/${recipeId}`;
  const plain = await send('GET', path, { cookie });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(String(plain.headers.vary)).toContain('Accept-Encoding');
  expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  const html = plain.body.toString('utf8');
  expect(html).toContain('Zuger Kirschtorte');
  expect(html.trimEnd()).toMatch(/<\/html>$/);

  const browser = await send('GET', path, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
  expect(browser.headers['content-encoding']).toBe('gzip');
  expect(String(browser.headers.vary)).toContain('Accept-Encoding');
  expect(Number(browser.headers['content-length'])).toBe(browser.body.length);
  expect(withoutNonce(gunzipSync(browser.body).toString('utf8'))).toBe(withoutNonce(html));

  const brotliOnly = await send('GET', path, { cookie, 'accept-encoding': 'br' });
  expect(brotliOnly.headers['content-encoding']).toBe('br');
  expect(Number(brotliOnly.headers['content-length'])).toBe(brotliOnly.body.length);
  expect(withoutNonce(brotliDecompressSync(brotliOnly.body).toString('utf8'))).toBe(withoutNonce(html));

  const gzipRefused = await send('GET', path, { cookie, 'accept-encoding': 'gzip;q=0, br;q=0' });
  expect(gzipRefused.headers['content-encoding']).toBeUndefined();
  expect(withoutNonce(gzipRefused.body.toString('utf8'))).toBe(withoutNonce(html));
});

test('a page above 256 KB is left to the general middleware, which streams it compressed', async () => {
  const owner = await createAccount('Gion Caminada');
  const recipe = await createRecipe(owner, { title: 'Capuns' });
  const reader = await createAccount('Mengia Spescha');
  for (let i = 0; i < 150; i++) await createComment(recipe.id, reader, { comment: `Kommentar ${i}: ${'Sehr fein und gut erklärt. '.repeat(70)}`, rating: null });
  const big = await send('GET', `/detail/${recipe.id}`, { cookie, 'accept-encoding': 'gzip' });
  expect(big.status).toBe(200);
  expect(big.headers['content-encoding']).toBe('gzip');
  // Streamed: no length known up front.
  expect(big.headers['content-length']).toBeUndefined();
  expect(big.headers['transfer-encoding']).toBe('chunked');
  const html = gunzipSync(big.body).toString('utf8');
  expect(html.length).toBeGreaterThan(256 * 1024);
  expect(html).toContain('Kommentar 149:');
  expect(html.trimEnd()).toMatch(/<\/html>$/);
});

test('a HEAD request gets the headers of the page and no body', async () => {
  const head = await send('HEAD', `/detail/${recipeId}`, { cookie, 'accept-encoding': 'gzip' });
  expect(head.status).toBe(200);
  expect(head.headers['content-type']).toMatch(/^text\/html/);
  expect(head.body.length).toBe(0);
});

test('the page cache keeps the plain page when its first reader took it compressed', async () => {
  const path = '/backen';
  const first = await send('GET', path, { 'accept-encoding': 'gzip' });
  expect(first.headers['x-page-cache']).toBe('miss');
  expect(first.headers['content-encoding']).toBe('gzip');
  const page = gunzipSync(first.body).toString('utf8');
  expect(page).toContain('Zuger Kirschtorte');

  const hit = await send('GET', path);
  expect(hit.headers['x-page-cache']).toBe('hit');
  expect(hit.headers['content-encoding']).toBeUndefined();
  expect(hit.body.toString('utf8')).toMatch(/^<!DOCTYPE html>/i);
  expect(hit.body.toString('utf8')).toContain('Zuger Kirschtorte');
});

test('a script is still compressed on its way, by the general middleware', async () => {
  const home = (await send('GET', '/', { cookie })).body.toString('utf8');
  // React and React Router (vite.config.ts): well above the 1 KB below which nothing is compressed.
  const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(home)![1]!;
  const asset = await send('GET', script, { 'accept-encoding': 'gzip' });
  expect(asset.status).toBe(200);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(asset.body).length).toBeGreaterThan(0);
});
