// The servings calculator on the detail page: − and + change every amount and
// the quantity, the choice lives in the URL (so a shared link keeps it), and
// it works without JavaScript as plain links.
import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { accessibilityViolations } from './support/axe.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();
let recipePath: string;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const anna = await createAccount('Anna Graf');
  const recipe = await createRecipe(anna, {
    title: 'Älplermagronen',
    quantity: 'für 4 Personen',
    ingredients: [
      { name: 'Hörnli', amount: '400 g' },
      { name: 'Rahm', amount: '2 dl' },
      { name: 'Zwiebeln', amount: '2' },
      { name: 'Muskatnuss', amount: '1 Prise' },
      { name: 'Salz und Pfeffer', amount: 'nach Belieben' },
    ],
  });
  recipePath = `/detail/${recipe.id}`;
});

const amounts = (page: Page) => page.getByRole('region', { name: 'Zutaten' }).locator('td:first-child');

test('− and + scale every amount; the number stays in the URL and survives a reload', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto(recipePath);
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Zutaten' });
  await expect(amounts(page)).toHaveText(['400 g', '2 dl', '2', '1 Prise', 'nach Belieben']);

  // The page stays where it is under the reader's finger (no jump to #zutaten).
  const more = panel.getByRole('link', { name: 'Mehr Portionen' });
  await more.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  await more.click();
  await more.click();
  await expect(page).toHaveURL(`${recipePath}?portionen=6`);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect(panel.getByText('für 6 Personen')).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('6');
  await expect(amounts(page)).toHaveText(['600 g', '3 dl', '3', '2 Prisen', 'nach Belieben']);

  await page.reload();
  await expect(amounts(page)).toHaveText(['600 g', '3 dl', '3', '2 Prisen', 'nach Belieben']);

  // Back to the recipe's own number: the bare address again.
  await hydrated(page);
  const fewer = panel.getByRole('link', { name: 'Weniger Portionen' });
  await fewer.click();
  await fewer.click();
  await expect(page).toHaveURL(recipePath);
  await expect(amounts(page)).toHaveText(['400 g', '2 dl', '2', '1 Prise', 'nach Belieben']);
  // With the keyboard down to one, the least: the step says it is unavailable and keeps the focus.
  await fewer.focus();
  for (let n = 4; n > 1; n--) {
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText(String(n - 1));
  }
  await expect(panel.getByText('für 1 Person', { exact: true })).toBeVisible();
  await expect(fewer).toHaveAttribute('aria-disabled', 'true');
  await expect(fewer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('für 1 Person', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${recipePath}?portionen=1`);
  await expect(amounts(page)).toHaveText(['100 g', '½ dl', '½', '1 Prise', 'nach Belieben']);
  // A counted name follows its number.
  await expect(panel.getByRole('cell', { name: 'Zwiebel', exact: true })).toBeVisible();
  expect(page.errors).toEqual([]);
});

test('without JavaScript the buttons are links that scale on the server', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await page.goto(recipePath);
  await page.getByRole('link', { name: 'Weniger Portionen' }).click();
  await expect(page).toHaveURL(`${recipePath}?portionen=3#zutaten`);
  await expect(amounts(page)).toHaveText(['300 g', '1 ½ dl', '1 ½', '1 Prise', 'nach Belieben']);
});

test('the calculator has no serious accessibility violations (axe-core)', async ({ browser, app }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    expect(await accessibilityViolations(browser, `${app.url}${recipePath}?portionen=6`, viewport), viewport).toEqual([]);
  }
});
