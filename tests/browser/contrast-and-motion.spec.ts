// Readers whose system asks for high contrast (forced colours) or less motion,
// and readers at 400 % zoom: the stars, buttons, menus and selects stay
// visible, transitions end at once, nothing focused hides under the floating
// button.
import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logInAndGo } from './support/fixtures.ts';

const test = journeys();
let recipePath: string;
let reader: Awaited<ReturnType<typeof createAccount>>;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const anna = await createAccount('Anna Graf');
  reader = await createAccount('Beat Keller');
  const recipe = await createRecipe(anna, { title: 'Bündner Gerstensuppe' });
  await createComment(recipe.id, reader, { rating: 4, comment: 'Wärmt schön.' });
  // A home page with the spring column and cards below the fold, as the demo blog's.
  for (const title of ['Bärlauch-Risotto', 'Spargelsalat', 'Rhabarberwähe']) await createRecipe(anna, { title, tags: ['Frühling'] });
  for (const title of ['Älplermagronen', 'Zopf', 'Rüeblitorte']) await createRecipe(anna, { title });
  recipePath = `/detail/${recipe.id}`;
});

/** The colour a pseudo-element of the first element matching `selector` is painted with. */
function pseudoBackground(page: Page, selector: string, pseudo: '::before' | '::after') {
  return page.locator(selector).first().evaluate((element, which) => getComputedStyle(element, which).backgroundColor, pseudo);
}

test('in high contrast the read-only stars, the filled buttons, the menus and the selects stay visible', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.emulateMedia({ forcedColors: 'active' });
  await logInAndGo(page, recipePath, reader.email);
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Forced colours paint every background in the page's colour: the stars were gone.
  const filled = await pseudoBackground(page, '[role="img"][aria-label^="Bewertung"] > span', '::after');
  const empty = await pseudoBackground(page, '[role="img"][aria-label^="Bewertung"] > span', '::before');
  expect([filled, empty].every((colour) => colour !== canvas && colour !== 'rgba(0, 0, 0, 0)')).toBe(true);
  expect(filled).not.toBe(empty);

  // A filled button draws no background here: it keeps a border.
  const border = await page.getByRole('button', { name: 'Kommentieren' }).evaluate((button) => getComputedStyle(button).borderTopStyle);
  expect(border).toBe('solid');

  // The phone's category menu: a border, and the focused item ringed.
  await page.getByRole('button', { name: 'Navigation öffnen' }).focus();
  await page.keyboard.press('Enter');
  // (On a recipe page the menu opens at the recipe's category, marked as the current one.)
  const item = page.locator('[role="menuitem"][aria-current="true"]');
  await expect(item).toBeFocused();
  expect(await item.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  expect(await page.getByRole('menu').evaluate((menu) => getComputedStyle(menu.parentElement!).borderTopStyle)).toBe('solid');
  await page.keyboard.press('Escape');

  expect(page.errors).toEqual([]);
});

test('in high contrast with a dark scheme, the select arrows and MUI\'s filled buttons stay visible', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  // The search filters' arrows were black on black.
  await page.goto('/suche?q=Suppe');
  const [arrow, text] = await page.locator('.MuiNativeSelect-icon').first().evaluate((icon) => {
    const probe = document.body.appendChild(Object.assign(document.createElement('span'), { style: 'color: CanvasText' }));
    const colours = [getComputedStyle(icon).fill, getComputedStyle(probe).color];
    probe.remove();
    return colours;
  });
  expect(arrow).toBe(text);
  // An MUI contained button (the login's) keeps a border.
  await page.goto('/login');
  expect(await page.getByRole('button', { name: 'Anmelden' }).evaluate((button) => getComputedStyle(button).borderTopStyle)).toBe('solid');
  expect(page.errors).toEqual([]);
});

test('below 360 px the recipe facts put each value under its term, and the form\'s tags take one column', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.setViewportSize({ width: 320, height: 640 });
  await logInAndGo(page, recipePath, reader.email);
  const [term, value] = await page.locator('dl dt').filter({ hasText: 'Schwierigkeitsgrad:' }).evaluate((dt) => [dt.getBoundingClientRect(), dt.nextElementSibling!.getBoundingClientRect()].map((box) => ({ left: box.left, top: box.top })));
  expect(value!.left).toBe(term!.left);
  expect(value!.top).toBeGreaterThan(term!.top);
  await page.goto('/create');
  const [salzig, suess] = await Promise.all(['Salzig', 'Süss'].map((tag) => page.getByRole('checkbox', { name: tag }).boundingBox()));
  expect(suess!.x).toBe(salzig!.x);
});

test('with less motion asked for, a menu opens without its transition', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  const duration = await page.getByRole('menu').evaluate((menu) => getComputedStyle(menu.parentElement!).transitionDuration);
  expect(duration.split(',').every((part) => Number.parseFloat(part) < 0.001)).toBe(true);
});

test('at 400 % zoom a focused link is scrolled clear of the floating "Rezept erfassen" button', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.setViewportSize({ width: 320, height: 256 });
  await logInAndGo(page, '/', reader.email);
  const fab = (await page.getByRole('link', { name: 'Rezept erfassen' }).boundingBox())!;
  // Tab through the page: no focused element is under the button, even in part.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const box = document.activeElement?.getBoundingClientRect();
      return box && document.activeElement !== document.body ? { top: box.top, bottom: box.bottom, left: box.left, right: box.right, fab: document.activeElement?.textContent === 'Rezept erfassen' } : undefined;
    });
    if (!focused || focused.fab) continue;
    const overlaps = focused.bottom > fab.y && focused.top < fab.y + fab.height && focused.right > fab.x && focused.left < fab.x + fab.width;
    expect(overlaps, `focus stop ${i + 1}`).toBe(false);
  }
});
