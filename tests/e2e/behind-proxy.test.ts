// Behind a TLS-terminating proxy (TRUST_PROXY=true): the proxy's
// X-Forwarded-Proto decides whether an answer says HSTS, on a rendered page
// and on one served from the page cache alike.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await app?.stop();
});

const HSTS = 'max-age=31536000; includeSubDomains';

test('HTTPS at the proxy: HSTS on the rendered page and on the cache hit; plain HTTP: none on either', async () => {
  for (const path of ['/', '/datenschutz']) {
    const rendered = await fetch(`${app.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
    const kept = await fetch(`${app.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
    const plain = await fetch(`${app.url}${path}`, { headers: { 'x-forwarded-proto': 'http' } });
    expect([rendered.headers.get('x-page-cache'), kept.headers.get('x-page-cache'), plain.headers.get('x-page-cache')], path).toEqual(['miss', 'hit', 'hit']);
    expect([rendered.headers.get('strict-transport-security'), kept.headers.get('strict-transport-security')], path).toEqual([HSTS, HSTS]);
    expect(plain.headers.get('strict-transport-security'), path).toBeNull();
  }
});
