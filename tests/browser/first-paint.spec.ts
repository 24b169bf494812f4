// A page paints before its scripts are fetched; then they load and the page
// hydrates (app/lib/scripts-after-paint.server.ts, docs/decisions/013).
import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logInAndGo } from './support/fixtures.ts';

const test = journeys();

/** When the page first painted text or a picture, and when each of its scripts was asked for (ms since the navigation). */
async function paintAndScripts(page: Page) {
  return page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scriptsAskedAt: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
}

test('home, a category and a recipe from the page cache (its script hashes) paint before they ask for a script, then hydrate and navigate in the browser', async ({ openPage, app }) => {
  const owner = await createAccount('Vreni Zurbriggen');
  const { id } = await createRecipe(owner, { title: 'Walliser Cholera', category: 'Hauptgang' });
  const page = await openPage('mobile');

  for (const path of ['/', '/hauptgang', `/detail/${id}`]) {
    // The first request renders and stores the page; the browser's is then a hit.
    await fetch(app.url + path);
    const response = await page.goto(path);
    expect(response?.headers()['x-page-cache'], path).toBe('hit');
    await hydrated(page);
    const { firstContentfulPaint, scriptsAskedAt } = await paintAndScripts(page);
    expect(scriptsAskedAt.length, path).toBeGreaterThanOrEqual(5);
    expect(Math.min(...scriptsAskedAt), path).toBeGreaterThanOrEqual(firstContentfulPaint);
  }

  // Hydrated: a link is followed by React Router, without a new document.
  const documents: string[] = [];
  page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
  await page.getByRole('navigation', { name: 'Kategorien' }).getByRole('button', { name: 'Navigation öffnen' }).click();
  await page.getByRole('menuitem', { name: 'Dessert' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dessert' })).toBeVisible();
  expect(documents).toEqual([]);
  expect(page.errors).toEqual([]);
});

test("a signed-in reader's page (rendered for them, with its own nonce) also paints first, then hydrates", async ({ openPage }) => {
  const owner = await createAccount('Vreni Zurbriggen');
  const { id } = await createRecipe(owner, { title: 'Walliser Cholera', category: 'Hauptgang' });
  const page = await openPage();
  await logInAndGo(page, '/profile', owner.email);

  await page.goto(`/detail/${id}`);
  await hydrated(page);
  const { firstContentfulPaint, scriptsAskedAt } = await paintAndScripts(page);
  expect(scriptsAskedAt.length).toBeGreaterThanOrEqual(5);
  expect(Math.min(...scriptsAskedAt)).toBeGreaterThanOrEqual(firstContentfulPaint);
  // The owner's controls work: the delete dialog opens and closes again.
  await page.getByRole('button', { name: 'Rezept löschen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Bist du sicher, dass du dieses Rezept löschen möchtest?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect(page.errors).toEqual([]);
});

test('while the web fonts load, their stand-ins keep the lines: nothing moves when Lora and Montserrat arrive', async ({ openPage }) => {
  const owner = await createAccount('Vreni Zurbriggen');
  const { id } = await createRecipe(owner, {
    title: 'Aargauer Rüeblitorte mit Zitronenguss',
    category: 'Backen',
    lead: 'Saftig, nussig und mit feinem Zitronenguss – die berühmte Torte aus dem Aargau, dekoriert mit Marzipanrüebli, gehört auf jeden Ostertisch.',
  });
  const page = await openPage('mobile');
  // The fonts arrive a second late, as on a slow connection: the page first paints with the stand-ins.
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resume) => setTimeout(resume, 1000));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

  for (const path of ['/', `/detail/${id}`]) {
    await page.goto(path);
    await hydrated(page);
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resume) => setTimeout(resume, 300)); // the swap's layout is reported after its frame
      return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family.replaceAll('"', ''));
    });
    // Both web fonts came, and a stand-in of each was used before them (here and in CI: DejaVu's).
    expect(fonts, path).toEqual(expect.arrayContaining(['Lora', 'Montserrat']));
    expect(fonts.some((family) => family.startsWith('Lora on ')), path).toBe(true);
    expect(fonts.some((family) => family.startsWith('Montserrat on ')), path).toBe(true);
    const shift = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(shift, path).toBeLessThan(0.005);
  }
  expect(page.errors).toEqual([]);
});
