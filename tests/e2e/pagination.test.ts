// Lists that scale: numbered pages (`?seite=2`) that work without JavaScript,
// rel prev/next in the head, 404 beyond the last page and for junk, and side
// columns that show the newest few with a link to the whole tag page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { launchBrowser, openPage, VIEWPORTS, waitForHydration } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;
let ownerEmail: string;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
/** "Zopf 00" is the newest; two digits so that no title contains another. */
const zopf = (i: number) => `Zopf ${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const owner = await createAccount('Vreni Baumann');
  ownerEmail = owner.email;
  // 26 in Backen: pages of 12, 12 and 2. Every other one carries 'Torten & Kuchen' (13 of them).
  for (let i = 0; i < 26; i++) {
    await createRecipe(owner, { title: zopf(i), category: 'Backen', tags: i % 2 ? ['Süss'] : ['Süss', 'Torten & Kuchen'], createdAt: minutesAgo(i + 1) });
  }
  // Seven spring recipes elsewhere, older than the Zöpfe.
  for (let i = 0; i < 7; i++) {
    await createRecipe(owner, { title: `Bärlauch ${i}`, category: 'Hauptgang', tags: ['Frühling'], createdAt: minutesAgo(100 + i) });
  }
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const headLinks = (page: Page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('head link[rel="prev"], head link[rel="next"]')].map((l) => [l.getAttribute('rel'), l.getAttribute('href')])));
/** The titles of the list's cards (not of the side columns). */
const cardTitles = (page: Page) => page.getByRole('main').locator('article h3').allTextContents();
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => zopf(from + i));

test('without JavaScript, page 2 and 3 of a category are reached by their links; the head names prev and next', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop, locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto(`${app.url}/backen`);
  const pages = page.getByRole('navigation', { name: 'Seiten' });
  expect(await cardTitles(page)).toEqual(range(0, 12));
  expect(await pages.getByRole('link', { name: 'Seite 1' }).getAttribute('aria-current')).toBe('page');
  expect(await pages.getByRole('link', { name: 'Vorherige Seite' }).count()).toBe(0);
  expect(await headLinks(page)).toEqual({ next: '/backen?seite=2' });

  await pages.getByRole('link', { name: 'Seite 2' }).click();
  await page.waitForURL(`${app.url}/backen?seite=2`);
  expect(await cardTitles(page)).toEqual(range(12, 24));
  expect(await pages.getByRole('link', { name: 'Seite 2' }).getAttribute('aria-current')).toBe('page');
  expect(await pages.getByRole('link', { name: 'Seite 1' }).getAttribute('aria-current')).toBeNull();
  expect(await headLinks(page)).toEqual({ prev: '/backen', next: '/backen?seite=3' });
  expect(await page.title()).toBe('Backen – Seite 2 | Chuchiblog');

  await pages.getByRole('link', { name: 'Nächste Seite' }).click();
  await page.waitForURL(`${app.url}/backen?seite=3`);
  expect(await cardTitles(page)).toEqual(range(24, 26));
  expect(await pages.getByRole('link', { name: 'Nächste Seite' }).count()).toBe(0);
  expect(await headLinks(page)).toEqual({ prev: '/backen?seite=2' });

  await pages.getByRole('link', { name: 'Vorherige Seite' }).click();
  await page.waitForURL(`${app.url}/backen?seite=2`);
  expect(await cardTitles(page)).toEqual(range(12, 24));
  await context.close();
});

test('with JavaScript the same links navigate in the page, head links included', async () => {
  const page = await openPage(browser, 'mobile');
  await page.goto(`${app.url}/tags/S%C3%BCss`);
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Nächste Seite' }).click();
  await page.waitForURL(`${app.url}/tags/S%C3%BCss?seite=2`);
  await page.getByRole('heading', { level: 3, name: zopf(12) }).waitFor();
  expect(await cardTitles(page)).toEqual(range(12, 24));
  expect(await headLinks(page)).toEqual({ prev: '/tags/S%C3%BCss', next: '/tags/S%C3%BCss?seite=3' });
  expect(page.errors).toEqual([]);
  await page.context().close();
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

test('side columns show the newest five and link to the whole tag page', async () => {
  const page = await openPage(browser);
  await page.goto(`${app.url}/backen`);
  const cakes = page.getByRole('region', { name: 'Torten & Kuchen' });
  expect(await cakes.getByRole('heading', { level: 3 }).allTextContents()).toEqual([zopf(0), zopf(2), zopf(4), zopf(6), zopf(8)]);
  expect(await cakes.getByRole('link', { name: 'Alle Rezepte mit «Torten & Kuchen»' }).getAttribute('href')).toBe('/tags/Torten%20%26%20Kuchen');

  await page.goto(app.url);
  const spring = page.getByRole('region', { name: 'Der Frühling kommt' });
  expect(await spring.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Bärlauch 0', 'Bärlauch 1', 'Bärlauch 2', 'Bärlauch 3', 'Bärlauch 4']);
  await waitForHydration(page);
  await spring.getByRole('link', { name: 'Alle Frühlingsrezepte' }).click();
  await page.waitForURL(`${app.url}/tags/Fr%C3%BChling`);
  await page.getByRole('heading', { level: 3, name: 'Bärlauch 6' }).waitFor();
  expect(page.errors).toEqual([]);
  await page.context().close();
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

test('a paginated page has no serious accessibility violations at phone and desktop width (axe-core)', async () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    expect(await accessibilityViolations(browser, `${app.url}/backen?seite=2`, viewport), viewport).toEqual([]);
  }
});
