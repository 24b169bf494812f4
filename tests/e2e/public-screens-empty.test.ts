// An empty blog: every public screen shows its empty state, at phone and desktop width.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, VIEWPORTS, waitForHydration } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
  test(`home shows the welcome and the empty state (${viewport})`, async () => {
    const page = await openPage(browser, viewport);
    await page.goto(app.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Willkommen im Chuchiblog!');
    expect(await page.getByText('Es wurden noch keine Rezepte erfasst').isVisible()).toBe(true);
    expect(await page.getByText('Willst du das ändern? Dann los!').isVisible()).toBe(true);
    const cta = page.getByRole('link', { name: 'Erfasse dein erstes Rezept' });
    expect(await cta.getAttribute('href')).toBe('/create');
    // No spring list without recipes.
    expect(await page.getByText('Der Frühling kommt').count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Chuchiblog – der Kochblog' }).isVisible()).toBe(true);
    // Only a hydrated page has run its JavaScript (and could have failed).
    await waitForHydration(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
}

test('every category page has its heading, an intro and the empty state', async () => {
  const page = await openPage(browser);
  for (const [slug, label] of [
    ['apero', 'Apéro'],
    ['vorspeise', 'Vorspeise'],
    ['hauptgang', 'Hauptgang'],
    ['dessert', 'Dessert'],
    ['backen', 'Backen'],
  ]) {
    const response = await page.goto(`${app.url}/${slug}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(label);
    expect(await page.getByText('Es wurden noch keine Rezepte erfasst').isVisible()).toBe(true);
    // The active category is highlighted and marked for assistive technology.
    const active = page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: label });
    expect(await active.getAttribute('aria-current')).toBe('page');
    await waitForHydration(page); // its JavaScript runs before the next page replaces it
  }
  expect(page.errors).toEqual([]);
  await page.context().close();
});

test('a known tag without recipes shows the empty text with status 200', async () => {
  const page = await openPage(browser);
  const response = await page.goto(`${app.url}/tags/Torten%20%26%20Kuchen`);
  expect(response?.status()).toBe(200);
  expect(await page.getByText('Es wurden keine Blogs mit diesem Tag gefunden').isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Torten & Kuchen');
  await page.context().close();
});
