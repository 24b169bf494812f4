// What every answer says about itself: who may open, embed or keep it.
// Against the production build over real HTTP (and a raw socket where
// fetch cannot say what an old client sends).
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { createImage } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let cookie: string;
let recipeId: string;
let imageId: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createAccount('Beat Keller');
  imageId = await createImage(owner.id);
  recipeId = (await createRecipe(owner, { imageId })).id;
  cookie = await sessionCookie(app.url, owner.email);
});

afterAll(async () => {
  await app?.stop();
});

/** The raw answer to bytes written on a socket, as an HTTP/1.0 client gets it. */
function rawRequest(text: string) {
  const { port } = new URL(app.url);
  return new Promise<string>((resolve, reject) => {
    // Written, not ended: a client that half-closes first gets no answer (HTTP/1.0 ends with the answer).
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('an HTTP/1.0 request without a Host header gets the page, not a 500', async () => {
  const answer = await rawRequest('GET / HTTP/1.0\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(answer).toContain('Willkommen im Chuchiblog!');
});

test('every answer keeps other windows out (COOP); pictures may not be embedded elsewhere (CORP)', async () => {
  for (const path of ['/', `/detail/${recipeId}`, '/gibt-es-nicht', '/healthz']) {
    const response = await fetch(`${app.url}${path}`);
    expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
  }
  const picture = await fetch(`${app.url}/images/${imageId}/480.jpg`);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  // The share links still open the sharing sites in a new, unrelated window.
  const detail = await (await fetch(`${app.url}/detail/${recipeId}`)).text();
  expect(detail).toMatch(/href="https:\/\/www\.facebook\.com\/sharer[^"]*"[^>]*rel="noopener noreferrer"|rel="noopener noreferrer"[^>]*href="https:\/\/www\.facebook\.com\/sharer/);
});

test('signed-in pages and data answers say private, no-store; anonymous public pages do not', async () => {
  const signedIn = { headers: { cookie }, redirect: 'manual' as const };
  for (const path of ['/profile', '/create', `/edit/${recipeId}`, '/', `/detail/${recipeId}`, `/detail/${recipeId}.data`, '/profile.data']) {
    const response = await fetch(`${app.url}${path}`, signedIn);
    expect(response.status, path).toBeLessThan(400);
    expect(response.headers.get('cache-control'), path).toBe('private, no-store');
  }
  // Asked anonymously, the personal pages still say so (their redirect must not be kept either).
  for (const path of ['/profile', '/create', `/edit/${recipeId}`, `/detail/${recipeId}.data`, '/reset-password?token=abc']) {
    const response = await fetch(`${app.url}${path}`, { redirect: 'manual' });
    expect(response.headers.get('cache-control'), path).toBe('private, no-store');
  }
  const anonymous = await fetch(`${app.url}/detail/${recipeId}`);
  expect(anonymous.headers.get('cache-control') ?? '').not.toContain('no-store');
});

const HARDENING = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'];
const hardeningOf = (response: Response) => Object.fromEntries(HARDENING.map((name) => [name, response.headers.get(name)]));

test('a page served from the page cache carries the same hardening headers as a rendered one; a forged X-Forwarded-Proto adds no HSTS', async () => {
  const path = '/imprint';
  const rendered = await fetch(`${app.url}${path}`);
  const kept = await fetch(`${app.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
  expect([rendered.headers.get('x-page-cache'), kept.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
  expect(hardeningOf(kept)).toEqual(hardeningOf(rendered));
  expect(Object.values(hardeningOf(kept)).every(Boolean)).toBe(true);
  // TRUST_PROXY is off here: the header comes from the client, not from a proxy we trust.
  expect(kept.headers.get('strict-transport-security')).toBeNull();
});

test('a HEAD request of a rendered page says it is HTML and sends no body', async () => {
  const head = await fetch(`${app.url}/detail/${recipeId}`, { method: 'HEAD', headers: { cookie } });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toMatch(/^text\/html/);
  expect((await head.arrayBuffer()).byteLength).toBe(0);
});
