// A one-time notice through a redirect (lib/notice.server.ts), over plain HTTP against the real
// app: the form's redirect sets it, the next page shows it and removes it, and a cookie the
// server did not write shows nothing and breaks nothing.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const PUBLISHED = 'Dein Rezept ist veröffentlicht.';
let app: TestApp;
let session: string;

beforeAll(async () => {
  app = await startTestApp();
  const author = await createAccount('Nora Notiz');
  session = await sessionCookie(app.url, author.email);
});

afterAll(async () => {
  await app?.stop();
});

function recipeForm(title: string) {
  return new URLSearchParams([
    ['intent', 'save'],
    ['title', title],
    ['lead', 'Mit Butter.'],
    ['category', 'Backen'],
    ['level', 'Einfach'],
    ['duration', '20'],
    ['quantity', 'für 4 Personen'],
    ['ingredientName', 'Mehl'],
    ['ingredientAmount', '500 g'],
    ['description', 'Kneten und backen.'],
  ]);
}

function get(path: string, cookie: string) {
  return fetch(`${app.url}${path}`, { headers: { cookie }, redirect: 'manual' });
}

test('a saved recipe leaves a notice for the next page only, which removes its cookie', async () => {
  const saved = await fetch(`${app.url}/create`, { method: 'POST', body: recipeForm('Notizbrot'), headers: { origin: app.url, cookie: session }, redirect: 'manual' });
  expect(saved.status).toBe(302);
  const carried = saved.headers.getSetCookie().find((cookie) => cookie.startsWith('chuchiblog.notice='));
  expect(carried).toMatch(/; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
  const notice = carried!.split(';')[0]!;

  const next = await get('/', `${session}; ${notice}`);
  expect(next.status).toBe(200);
  expect(await next.text()).toContain(PUBLISHED);
  expect(next.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^chuchiblog\.notice=; Max-Age=0; /));

  // Its data request, as a client navigation asks for it, removes the cookie just the same.
  const data = await get('/_root.data', `${session}; ${notice}`);
  expect(data.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^chuchiblog\.notice=; Max-Age=0; /));

  const after = await get('/', session);
  expect(await after.text()).not.toContain(PUBLISHED);
});

test('a notice cookie the server did not write shows nothing, is removed, and is no 500', async () => {
  const forged = Buffer.from(JSON.stringify('<b>Gewonnen!</b>')).toString('base64');
  for (const value of [forged, 'kein-base64-%%%', '', encodeURIComponent('"recipe-created"')]) {
    const answer = await get('/', `${session}; chuchiblog.notice=${value}`);
    expect(answer.status, value).toBe(200);
    const html = await answer.text();
    expect(html, value).not.toContain('Gewonnen');
    expect(html, value).not.toContain(PUBLISHED);
    expect(answer.headers.getSetCookie(), value).toContainEqual(expect.stringMatching(/^chuchiblog\.notice=; Max-Age=0; /));
  }
});

test('signing out says so on the anonymous home page, past the page cache, which keeps nothing of it', async () => {
  const home = () => fetch(`${app.url}/`, { redirect: 'manual' });
  await home();
  expect((await home()).headers.get('x-page-cache')).toBe('hit');
  const leaving = await sessionCookie(app.url, (await createAccount('Otto Ausgang')).email);

  const signedOut = await fetch(`${app.url}/logout`, { method: 'POST', headers: { origin: app.url, cookie: leaving }, redirect: 'manual' });
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get('location')).toBe('/');
  const notice = signedOut.headers.getSetCookie().find((cookie) => cookie.startsWith('chuchiblog.notice='))!.split(';')[0]!;

  const next = await get('/', notice);
  expect(next.headers.get('x-page-cache')).not.toBe('hit');
  expect(await next.text()).toContain('Du bist abgemeldet.');
  const after = await home();
  expect(after.headers.get('x-page-cache')).toBe('hit');
  expect(await after.text()).not.toContain('Du bist abgemeldet.');
});
