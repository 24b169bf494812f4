// Lists that scale, in a browser: numbered pages (`?seite=2`) that work
// without JavaScript, rel prev/next in the head, and side columns that show
// the newest few with a link to the whole tag page.
import type { Page } from '@playwright/test';
import { seedPaginatedBlog, zopf, zopfRange } from '../support/paginated-blog.ts';
import { accessibilityViolations } from './support/axe.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  await seedPaginatedBlog();
});

const headLinks = (page: Page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll('head link[rel="prev"], head link[rel="next"]')].map((l) => [l.getAttribute('rel'), l.getAttribute('href')])));
/** The cards of the list (not of the side columns). */
const cardTitles = (page: Page) => page.getByRole('main').locator('article h3');

test('without JavaScript, page 2 and 3 of a category are reached by their links; the head names prev and next', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await page.goto('/backen');
  const pages = page.getByRole('navigation', { name: 'Seiten' });
  await expect(cardTitles(page)).toHaveText(zopfRange(0, 12));
  await expect(pages.getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Vorherige Seite' })).toHaveCount(0);
  expect(await headLinks(page)).toEqual({ next: '/backen?seite=2' });

  await pages.getByRole('link', { name: 'Seite 2' }).click();
  await expect(page).toHaveURL('/backen?seite=2');
  await expect(cardTitles(page)).toHaveText(zopfRange(12, 24));
  await expect(pages.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Seite 1' })).not.toHaveAttribute('aria-current');
  expect(await headLinks(page)).toEqual({ prev: '/backen', next: '/backen?seite=3' });
  await expect(page).toHaveTitle('Backen – Seite 2 | Chuchiblog');

  await pages.getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL('/backen?seite=3');
  await expect(cardTitles(page)).toHaveText(zopfRange(24, 26));
  await expect(pages.getByRole('link', { name: 'Nächste Seite' })).toHaveCount(0);
  expect(await headLinks(page)).toEqual({ prev: '/backen?seite=2' });

  await pages.getByRole('link', { name: 'Vorherige Seite' }).click();
  await expect(page).toHaveURL('/backen?seite=2');
  await expect(cardTitles(page)).toHaveText(zopfRange(12, 24));
});

test('later pages of home continue the list: "Alle Rezepte" and where it stands, no second greeting', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Chuchiblog!');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Seite 2' }).click();
  await expect(page).toHaveURL('/?seite=2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle Rezepte');
  await expect(page.getByText(/^Seite 2 von \d+, die neusten zuerst\.$/)).toBeVisible();
  await expect(page.getByText('Hier kochen und backen wir uns durch die Schweiz', { exact: false })).toHaveCount(0);
  await expect(page).toHaveTitle('Alle Rezepte – Seite 2 | Chuchiblog');
  expect(page.errors).toEqual([]);
});

test('with JavaScript the same links navigate in the page, head links included', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/tags/S%C3%BCss');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL('/tags/S%C3%BCss?seite=2');
  await expect(page.getByRole('heading', { level: 3, name: zopf(12) })).toBeVisible();
  await expect(cardTitles(page)).toHaveText(zopfRange(12, 24));
  await expect.poll(() => headLinks(page)).toEqual({ prev: '/tags/S%C3%BCss', next: '/tags/S%C3%BCss?seite=3' });
  expect(page.errors).toEqual([]);
});

test('with the keyboard, the last page keeps the focus: the heading takes it when "Nächste Seite" is gone', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/backen?seite=2');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Nächste Seite' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/backen?seite=3');
  await expect(page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Nächste Seite' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(page.errors).toEqual([]);
});

test('with the keyboard, a page number or a footer link left at the foot of the new page hands the focus to its heading', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/backen');
  await hydrated(page);
  // "2" is on page 2 too ("Seite 2", the current one): still there, but far below where that page starts.
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: /^(Seite )?2$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/backen?seite=2');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The next Tab goes on in the new page's content, not below the list.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => ({ inMain: Boolean(document.activeElement?.closest('main')), top: document.activeElement!.getBoundingClientRect().top }));
  expect(next.inMain).toBe(true);
  expect(next.top).toBeLessThan(812);

  const imprint = page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' });
  await imprint.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeFocused();
  expect(page.errors).toEqual([]);
});

test('side columns show the newest five and link to the whole tag page', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/backen');
  const cakes = page.getByRole('region', { name: 'Torten & Kuchen' });
  await expect(cakes.getByRole('heading', { level: 3 })).toHaveText([zopf(0), zopf(2), zopf(4), zopf(6), zopf(8)]);
  await expect(cakes.getByRole('link', { name: 'Alle Rezepte mit «Torten & Kuchen»' })).toHaveAttribute('href', '/tags/Torten%20%26%20Kuchen');

  await page.goto('/');
  const spring = page.getByRole('region', { name: 'Der Frühling kommt' });
  await expect(spring.getByRole('heading', { level: 3 })).toHaveText(['Bärlauch 0', 'Bärlauch 1', 'Bärlauch 2', 'Bärlauch 3', 'Bärlauch 4']);
  await hydrated(page);
  await spring.getByRole('link', { name: 'Alle Frühlingsrezepte' }).click();
  await expect(page).toHaveURL('/tags/Fr%C3%BChling');
  await expect(page.getByRole('heading', { level: 3, name: 'Bärlauch 6' })).toBeVisible();
  expect(page.errors).toEqual([]);
});

test('a paginated page has no serious accessibility violations at phone and desktop width (axe-core)', async ({ browser, app }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    expect(await accessibilityViolations(browser, `${app.url}/backen?seite=2`, viewport), viewport).toEqual([]);
  }
});
