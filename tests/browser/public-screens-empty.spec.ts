// An empty blog: every public screen shows its empty state, at phone and desktop width.
import { VIEWPORTS, type Viewport } from './support/browser.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  test(`home shows the welcome and the empty state (${viewport})`, async ({ openPage }) => {
    const page = await openPage(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Chuchiblog!');
    await expect(page.getByText('Es wurden noch keine Rezepte erfasst')).toBeVisible();
    await expect(page.getByText('Willst du das ändern? Dann los!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Erfasse dein erstes Rezept' })).toHaveAttribute('href', '/create');
    // No spring list without recipes.
    await expect(page.getByText('Der Frühling kommt')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Chuchiblog – der Kochblog' })).toBeVisible();
    // Only a hydrated page has run its JavaScript (and could have failed).
    await hydrated(page);
    expect(page.errors).toEqual([]);
  });
}

test('every category page has its heading, an intro and the empty state', async ({ openPage }) => {
  const page = await openPage();
  for (const [slug, label] of [
    ['apero', 'Apéro'],
    ['vorspeise', 'Vorspeise'],
    ['hauptgang', 'Hauptgang'],
    ['dessert', 'Dessert'],
    ['backen', 'Backen'],
  ] as const) {
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(page.getByText('Es wurden noch keine Rezepte erfasst')).toBeVisible();
    // The active category is highlighted and marked for assistive technology.
    const active = page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: label });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await hydrated(page); // its JavaScript runs before the next page replaces it
  }
  expect(page.errors).toEqual([]);
});

test('a known tag without recipes shows the empty text with status 200', async ({ openPage }) => {
  const page = await openPage();
  const response = await page.goto('/tags/Torten%20%26%20Kuchen');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Es wurden keine Blogs mit diesem Tag gefunden')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Torten & Kuchen');
});
