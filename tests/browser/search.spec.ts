// The search in a browser: the header's field at 1280 px and its icon at 375 px,
// with and without JavaScript; results with the matches marked, filters that
// combine with the words, pages that keep the query, the German empty state,
// and no serious accessibility violations (axe-core).
import type { Page } from '@playwright/test';
import { createRecipe, createUser } from '../support/factories.ts';
import { accessibilityViolations } from './support/axe.ts';
import { expect, holdRequests, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();

const plain = { lead: 'Ein Rezept aus dem Chuchiblog.', description: 'Zubereiten.', ingredients: [{ name: 'Salz', amount: '1 Prise' }], tags: [] as string[] };

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const heidi = await createUser({ name: 'Heidi Suche' });
  await createRecipe(heidi, { ...plain, title: 'Berner Rösti', lead: 'Knusprig aus gekochten Kartoffeln.', category: 'Hauptgang', level: 'Mittel', duration: 50 });
  await createRecipe(heidi, { ...plain, title: 'Rüeblitorte', lead: 'Die Aargauer Torte mit viel Karotten.', category: 'Backen', tags: ['Torten & Kuchen'], duration: 90 });
  await createRecipe(heidi, { ...plain, title: 'Rüeblisalat', lead: 'Schnell geraffelt.', category: 'Vorspeise', duration: 10 });
  for (let i = 0; i < 14; i++) {
    await createRecipe(heidi, { ...plain, title: `Zopf Nr. ${i}`, lead: 'Ein Butterzopf für den Sonntag.', category: 'Backen', createdAt: new Date(Date.now() - i * 60_000) });
  }
});

const main = (page: Page) => page.getByRole('main');

test('desktop without JavaScript: the header field searches, the title match is marked; "ohne" leaves out', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await page.goto('/');
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Rezepte suchen' });
  await expect(field).toBeVisible();
  await field.fill('Rosti');
  await field.press('Enter');
  await expect(page).toHaveURL('/suche?q=Rosti');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Suche nach «Rosti»');
  const card = main(page).locator('article').filter({ hasText: 'Berner Rösti' });
  await expect(card.locator('h3 mark')).toHaveText('Rösti');
  await expect(main(page).getByRole('status')).toHaveText('1 Rezept gefunden');

  // "ohne" leaves out what its word finds.
  await field.fill('Rüebli ohne Torte');
  await field.press('Enter');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Suche nach «Rüebli ohne Torte»');
  await expect(main(page).getByRole('status')).toHaveText('1 Rezept gefunden');
  await expect(main(page).locator('article h3')).toHaveText(['Rüeblisalat']);
});

test('phone without JavaScript: the icon is a link to /suche, whose form searches with filters', async ({ openPage }) => {
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeHidden();
  const toggle = page.getByRole('link', { name: 'Suche öffnen' });
  await expect(toggle).not.toHaveAttribute('aria-expanded');
  await toggle.click();
  await expect(page).toHaveURL('/suche');
  await page.getByRole('searchbox', { name: 'Suchbegriff' }).fill('Karotte');
  await page.getByLabel('Kategorie', { exact: true }).selectOption('Backen');
  await main(page).getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(page).toHaveURL(/\/suche\?q=Karotte&kategorie=backen/);
  // Rüebli is Karotte (synonyms), and the category leaves the salad out.
  await expect(main(page).locator('article h3')).toHaveText(['Rüeblitorte']);
  await expect(main(page).locator('article h3 mark')).toHaveText('Rüeblitorte');
  await expect(page.getByLabel('Kategorie', { exact: true })).toHaveValue('backen');
});

test('phone with JavaScript: the icon opens the field in the header; a typo still finds, pages keep the query', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Suche öffnen' });
  await toggle.click();
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Rezepte suchen' });
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  // The opened row moves the page down rather than cover its top.
  const row = await page.getByRole('search', { name: 'Rezepte' }).first().boundingBox();
  expect((await main(page).boundingBox())!.y).toBeGreaterThanOrEqual(row!.y + row!.height);
  await field.fill('Zopff');
  // A slow answer: the page shows that it loads (held until the progress has been seen).
  const answer = await holdRequests(page, '**/suche.data*');
  await field.press('Enter');
  await expect(page.getByRole('progressbar', { name: 'Seite wird geladen' }).first()).toBeVisible();
  answer();
  await expect(page).toHaveURL('/suche?q=Zopff');
  await expect(main(page).getByRole('status')).toHaveText('14 Rezepte gefunden');
  await expect(page.getByRole('progressbar', { name: 'Seite wird geladen' })).toHaveCount(0);
  await page.unroute('**/suche.data*');
  await expect(field).toBeHidden(); // the search closed it
  // Its focus went to the results' heading, not back to the top of the page.
  await expect(main(page).getByRole('heading', { level: 1, name: 'Suche nach «Zopff»' })).toBeFocused();
  await expect(main(page).locator('article')).toHaveCount(12);
  await main(page).getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL('/suche?q=Zopff&seite=2');
  await expect(main(page).locator('article')).toHaveCount(2);
  expect(page.errors).toEqual([]);
});

test('phone: the words shown searched again from the header (the same address) hand the focus to the heading too', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/suche?q=Zopf');
  await hydrated(page);
  await page.getByRole('button', { name: 'Suche öffnen' }).click();
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Rezepte suchen' });
  await field.fill('Zopf');
  await field.press('Enter');
  await expect(field).toBeHidden();
  await expect(page).toHaveURL('/suche?q=Zopf');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Suche nach «Zopf»' })).toBeFocused();
  expect(page.errors).toEqual([]);
});

test('phone with the keyboard: the icon is a button (Enter and the space bar); Escape closes the field and the focus goes back to it', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Suche öffnen' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Rezepte suchen' });
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The space bar opens it as well, and does not scroll the page.
  await page.keyboard.press(' ');
  await expect(field).toBeFocused();
  await expect(page.getByRole('button', { name: 'Suche schliessen' })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('Escape');
});

test('desktop with JavaScript: filters narrow the words; junk filters are named and ignored', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/suche?q=R%C3%BCebli');
  await hydrated(page);
  await expect(main(page).locator('article h3')).toHaveText(['Rüeblitorte', 'Rüeblisalat']); // both in the title; the torte's lead has «Karotten» too
  const heading = main(page).getByRole('heading', { level: 1 });
  await expect(heading).not.toBeFocused(); // a page load starts at the top, as every page
  await page.getByLabel('Dauer').selectOption('bis 15 Minuten');
  await main(page).getByRole('button', { name: 'Suchen', exact: true }).click();
  // Only what was chosen: no empty parameters for the filters left at «Alle».
  await expect(page).toHaveURL('/suche?q=R%C3%BCebli&dauer=15');
  await expect(main(page).locator('article h3')).toHaveText(['Rüeblisalat']);
  // The form was made anew for the new search: the focus its button had goes to the results' heading.
  await expect(heading).toBeFocused();
  // Nothing with these filters: the page says so, and leads to the same words without them.
  await page.goto('/suche?q=R%C3%BCebli&kategorie=apero&dauer=15');
  await expect(main(page).getByText('Zu «Rüebli» haben wir mit diesen Filtern leider nichts gefunden.')).toBeVisible();
  await main(page).getByRole('link', { name: 'suche ohne Filter nach «Rüebli»' }).click();
  await expect(page).toHaveURL('/suche?q=R%C3%BCebli');
  await expect(main(page).locator('article h3')).toHaveText(['Rüeblitorte', 'Rüeblisalat']);

  // A query too long: its start is searched, and the page says so.
  await page.goto(`/suche?q=${encodeURIComponent('Zopf '.repeat(30))}`);
  await expect(page.getByText('Dein Suchbegriff ist sehr lang: Gesucht wird nach den ersten 8 Wörtern, höchstens 100 Zeichen.')).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Suche nach «${'Zopf '.repeat(20).trim()}»`);

  await page.goto('/suche?q=Zopf&stufe=Unm%C3%B6glich&dauer=abc');
  await expect(page.getByText('Nicht verstanden und darum nicht angewandt: Schwierigkeit, Dauer.')).toBeVisible();
  await expect(main(page).getByRole('status')).toHaveText('14 Rezepte gefunden');
  expect(page.errors).toEqual([]);
});

test('a filter chosen applies with the next search, and until then the form says so', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/suche?q=Zopf');
  await hydrated(page);
  const text = 'Die geänderten Filter gelten, sobald du suchst.';
  const note = main(page).locator('p').filter({ hasText: text });
  // A screen reader hears it from a live region that was there before.
  const spoken = main(page).getByRole('search').locator('[aria-live="polite"]');
  const apply = main(page).getByRole('button', { name: 'Filter anwenden' });
  await expect(spoken).toHaveText('');
  await expect(note).toHaveCount(0);
  await page.getByLabel('Schwierigkeit').selectOption('Einfach');
  await expect(note).toBeVisible();
  await expect(spoken).toHaveText(text);
  await expect(apply).toBeVisible();
  // The results stay as they were until the search.
  await expect(page).toHaveURL('/suche?q=Zopf');
  await expect(main(page).getByRole('status')).toHaveText('14 Rezepte gefunden');
  // Chosen back: nothing is left to apply.
  await page.getByLabel('Schwierigkeit').selectOption('Alle');
  await expect(apply).toHaveCount(0);
  await page.getByLabel('Dauer').selectOption('bis 15 Minuten');
  await expect(apply).toHaveAccessibleDescription(text);
  await apply.click();
  await expect(page).toHaveURL('/suche?q=Zopf&dauer=15');
  await expect(note).toHaveCount(0);
  // The button is gone with the applied search: the results' heading has the focus.
  await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByLabel('Dauer')).toHaveValue('15');
  expect(page.errors).toEqual([]);
});

test('with the keyboard, the search page\'s button wears a visible ring; not after a click', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/suche?q=Zopf');
  await hydrated(page);
  const button = main(page).getByRole('button', { name: 'Suchen', exact: true });
  const ring = () => button.evaluate((element) => getComputedStyle(element).outline);
  await main(page).getByRole('searchbox', { name: 'Suchbegriff' }).focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  expect(await ring()).toBe('rgb(184, 137, 43) solid 3px');
  await page.getByLabel('Dauer').selectOption('bis 15 Minuten');
  const applyNote = main(page).getByRole('button', { name: 'Filter anwenden' });
  await expect(applyNote).toBeVisible();
  await button.click();
  await expect(page).toHaveURL('/suche?q=Zopf&dauer=15');
  // The address changes before the results render; the form, keyed by the address, is new once its
  // filter note is gone. Until then the button the keyboard focused is still there, with its ring.
  await expect(applyNote).toBeHidden();
  expect(await ring()).not.toMatch(/solid 3px/);
});

test('nothing found: a German empty state with "Meintest du …?" (the site says du) and the categories', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await page.goto('/suche?q=Rueblitortte%20Schoggi');
  await expect(main(page).getByRole('heading', { name: 'Keine Rezepte gefunden' })).toBeVisible();
  await expect(main(page).getByText('Zu «Rueblitortte Schoggi» haben wir leider nichts gefunden.')).toBeVisible();
  for (const category of ['Apéro', 'Vorspeise', 'Hauptgang', 'Dessert', 'Backen']) {
    await expect(main(page).getByRole('link', { name: category, exact: true })).toBeVisible();
  }
  const suggestion = main(page).getByRole('link', { name: /«.+»/ });
  await expect(suggestion).toBeVisible();
  await expect(main(page).getByText(/^Meintest du «.+»\?$/)).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(/\/suche\?q=/);

  // Only words the search leaves out: no spelling tip, but why, and what to search for instead.
  await page.goto('/suche?q=und');
  await expect(main(page).getByText('Zu «und» haben wir leider nichts gefunden.')).toBeVisible();
  await expect(main(page).getByText(/^Wörter wie «und» oder «mit» stehen in fast jedem Rezept/)).toBeVisible();
  await expect(main(page).getByText(/Prüfe die Schreibweise/)).toHaveCount(0);
});

test('hostile addresses get a clean page', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  for (const query of ["'%3B drop table recipes%3B --", '%00%01%E2%80%AE', 'a:*%20%26%20!b', 'x'.repeat(3000), '%F0%9F%8D%B0']) {
    const response = await page.goto(`/suche?q=${query}&kategorie=%3Cscript%3E&seite=-1`);
    expect(response?.status(), query.slice(0, 40)).toBe(200);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect((await page.goto('/suche?q=Zopf&seite=9'))?.status()).toBe(404);
});

test('search pages have no serious accessibility violations at phone and desktop width (axe-core)', async ({ browser, app }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    expect(await accessibilityViolations(browser, `${app.url}/suche?q=Zopf&kategorie=backen`, viewport), viewport).toEqual([]);
    expect(await accessibilityViolations(browser, `${app.url}/suche?q=Nirgendwo`, viewport), viewport).toEqual([]);
  }
});
