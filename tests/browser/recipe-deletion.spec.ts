// Deleting a recipe through the real pages: from its detail page and from a
// card on home with JavaScript, through a page of its own without; who may.
import { eq } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { createAccount } from '../support/accounts.ts';
import { createRecipe, recipesTitled } from '../support/factories.ts';
import { errorsBesidesRefusals as jsErrors, expect, journeys, logIn, logInAndGo, type Account } from './support/fixtures.ts';

const test = journeys();

let anna: Account;
let beat: Account;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
});

test('delete from the detail page asks first, then goes home; the recipe is gone', async ({ openPage }) => {
  const recipe = await createRecipe(anna, { title: 'Capuns zum Löschen' });
  const page = await openPage('desktop');
  await logInAndGo(page, `/detail/${recipe.id}`, anna.email);

  await page.getByRole('button', { name: 'Rezept löschen' }).click();
  // Named by its question, which a screen reader says as it opens.
  const dialog = page.getByRole('dialog', { name: 'Bist du sicher, dass du dieses Rezept löschen möchtest?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect(await recipesTitled('Capuns zum Löschen')).toHaveLength(1);

  await page.getByRole('button', { name: 'Rezept löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Willkommen im Chuchiblog!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Dein Rezept ist gelöscht.' })).toBeVisible();
  expect(await recipesTitled('Capuns zum Löschen')).toEqual([]);
  await expect(page.getByText('Capuns zum Löschen')).toHaveCount(0);
  expect(jsErrors(page)).toEqual([]);
});

test('without JavaScript the delete icon leads to a page that asks the same; others may not open it', async ({ openPage }) => {
  const recipe = await createRecipe(anna, { title: 'Fotzelschnitten zum Löschen' });
  const stranger = await openPage('desktop', { javaScriptEnabled: false });
  await stranger.goto('/login');
  await logIn(stranger, beat.email);
  await expect(stranger).toHaveURL('/');
  const refused = await stranger.goto(`/detail/${recipe.id}/loeschen`);
  expect(refused?.status()).toBe(403);

  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/detail/${recipe.id}`)}`);
  await logIn(page, anna.email);
  await expect(page).toHaveURL(`/detail/${recipe.id}`);
  await page.getByRole('link', { name: 'Rezept löschen' }).click();
  await expect(page).toHaveURL(`/detail/${recipe.id}/loeschen`);
  await expect(page.getByText('Bist du sicher, dass du dieses Rezept löschen möchtest?')).toBeVisible();
  await expect(page.getByText('«Fotzelschnitten zum Löschen»')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toBeVisible();
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(`/detail/${recipe.id}`);
  expect(await recipesTitled('Fotzelschnitten zum Löschen')).toHaveLength(1);

  await page.getByRole('link', { name: 'Rezept löschen' }).click();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Dein Rezept ist gelöscht.' })).toBeVisible();
  expect(await recipesTitled('Fotzelschnitten zum Löschen')).toEqual([]);
});

test('without JavaScript a delete that finds its recipe gone already answers with a page, not the dialog\'s JSON', async ({ openPage }) => {
  const recipe = await createRecipe(anna, { title: 'Chäschüechli zweimal gelöscht' });
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/detail/${recipe.id}/loeschen`)}`);
  await logIn(page, anna.email);
  await expect(page).toHaveURL(`/detail/${recipe.id}/loeschen`);
  // Deleted meanwhile, as from a second tab.
  await getDb().delete(recipes).where(eq(recipes.id, recipe.id));

  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  expect((await answer).headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByText('"error"')).toHaveCount(0);
});

test('delete from a card on home: the card disappears, and the next card takes the focus', async ({ openPage }) => {
  // The newest four, Birchermüesli the oldest of them.
  await createRecipe(anna, { title: 'Birchermüesli' });
  for (const title of ['Zweitältestes Rezept', 'Zweitneuestes Rezept', 'Neuestes Rezept']) await createRecipe(anna, { title });
  // A phone: the card is far down the page.
  const page = await openPage('mobile');
  // The page's clock runs as usual, until the test moves it on (the notice's time below).
  await page.clock.install();
  await logInAndGo(page, '/', anna.email);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Birchermüesli' }) });
  await card.getByRole('button', { name: 'Rezept löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  // (While the dialog is open the page behind it is hidden from the accessibility tree.)
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Birchermüesli')).toHaveCount(0);
  // The card's icon is gone with it: the focus goes on to the next card's title, where the reader
  // is, not lost to <body> nor to the page's heading far above.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', /^\/detail\//);
  expect(await focused.evaluate((link) => Boolean(link.closest('li h3')))).toBe(true);
  await expect(focused).toBeInViewport();
  // Said, as after a delete from the recipe's own page, where the reader is; it goes by itself after
  // 8 s (it covers the header), though not while the focus is in it or the pointer over it: then it
  // waits its full time again once they have left. The next page no longer says it.
  const notice = page.getByRole('status').filter({ hasText: 'Dein Rezept ist gelöscht.' });
  await expect(notice).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const nextTitle = page.locator(`li h3 a[href="${await focused.getAttribute('href')}"]`);
  await page.clock.fastForward(5_000);
  await notice.getByRole('button', { name: 'Hinweis schliessen' }).focus();
  await page.clock.fastForward(20_000);
  await expect(notice).toBeVisible();
  await nextTitle.focus();
  await notice.hover();
  await page.clock.fastForward(20_000);
  await expect(notice).toBeVisible();
  await page.mouse.move(10, 600);
  await page.clock.fastForward(7_000);
  await expect(notice).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(notice).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await recipesTitled('Birchermüesli')).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Neuestes Rezept', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Neuestes Rezept', exact: true })).toBeVisible();
  await expect(page.getByText('Dein Rezept ist gelöscht.')).toHaveCount(0);
  expect(jsErrors(page)).toEqual([]);
});
