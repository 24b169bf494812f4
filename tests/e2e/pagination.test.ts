// Lists that scale, over plain HTTP: 404 beyond the last page and for junk,
// `?seite=1` is the bare address, and the profile pages through the own
// recipes. (The links and the head in a browser: tests/browser/pagination.spec.ts.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionCookie } from '../support/accounts.ts';
import { seedPaginatedBlog, zopf } from '../support/paginated-blog.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let ownerEmail: string;

beforeAll(async () => {
  app = await startTestApp();
  ownerEmail = await seedPaginatedBlog();
});

afterAll(async () => {
  await app?.stop();
});

test('beyond the last page and for a seite that names no page: the German 404; seite=1 is the bare address', async () => {
  for (const path of ['/backen?seite=4', '/backen?seite=999999', '/tags/S%C3%BCss?seite=4', '/?seite=5', '/vorspeise?seite=2']) {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).toContain('Seite nicht gefunden');
  }
  for (const junk of ['abc', '0', '-1', '2.5', '02', '1e1', '9999999', '99999999999999999999999999', '%00', '2&seite=3', '']) {
    const response = await fetch(`${app.url}/backen?seite=${junk}`);
    expect(response.status, junk).toBe(404);
    expect(await response.text(), junk).toContain('Seite nicht gefunden');
  }
  const first = await fetch(`${app.url}/backen?seite=1`, { redirect: 'manual' });
  expect(first.status).toBe(301);
  expect(first.headers.get('location')).toBe('/backen');
  // Other parameters leave the page alone.
  const tracked = await fetch(`${app.url}/backen?seite=2&utm_source=newsletter`);
  expect(tracked.status).toBe(200);
  expect(await tracked.text()).toContain(zopf(12));
  // The home list pages too: 33 recipes, the first page 12 (one of them featured).
  expect((await fetch(`${app.url}/?seite=3`)).status).toBe(200);
  expect((await fetch(`${app.url}/?seite=4`)).status).toBe(404);
});

test('the profile pages through the own recipes as well', async () => {
  const cookie = await sessionCookie(app.url, ownerEmail);
  const second = await fetch(`${app.url}/profile?seite=2`, { headers: { cookie } });
  expect(second.status).toBe(200);
  const html = await second.text();
  expect(html).toContain(zopf(12));
  expect(html).not.toContain(`>${zopf(11)}<`);
  expect(html).toContain('href="/profile?seite=3"');
  expect((await fetch(`${app.url}/profile?seite=4`, { headers: { cookie } })).status).toBe(404);
  expect((await fetch(`${app.url}/profile?seite=x`, { headers: { cookie } })).status).toBe(404);
});
