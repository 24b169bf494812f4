// Comments and star ratings with three people: the author of the recipe,
// and two readers who rate it; plus anonymous visitors.
import type { Page } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logInAndGo, type Account, type TrackedPage } from './support/fixtures.ts';

const test = journeys();

let recipePath: string;
let beat: Account;
let chiara: Account;

test.beforeAll(async ({ app }) => {
  void app; // the app's database is where the factories write
  const anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
  chiara = await createAccount('Chiara Rossi');
  const recipe = await createRecipe(anna, { title: 'Capuns', lead: 'Mangoldwickel aus dem Bündnerland.' });
  recipePath = `/detail/${recipe.id}`;
});

/** Errors other than the browser's own line for a refused form (status 400). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 400/.test(e));
}

/** Clicks the star with that label, as a person would. */
async function chooseStars(page: Page, stars: number) {
  await page.locator('label').filter({ hasText: stars === 1 ? '1 Stern' : `${stars} Sterne` }).click();
}

const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Kommentar', exact: true });

async function rate(page: Page, stars: number, text: string) {
  await chooseStars(page, stars);
  await commentBox(page).fill(text);
  await page.getByRole('button', { name: 'Kommentieren' }).click();
}

test('readers rate and comment; the average follows; authors delete only their own', async ({ openPage }) => {
  const anonymous = await openPage('desktop');
  await anonymous.goto(recipePath);
  await expect(anonymous.getByText('Dieses Rezept wurde noch nicht bewertet')).toBeVisible();
  await expect(anonymous.getByRole('button', { name: 'Kommentieren' })).toHaveCount(0);
  await expect(anonymous.getByRole('link', { name: 'Melde dich an' })).toHaveAttribute(
    'href',
    `/login?redirectTo=${encodeURIComponent(recipePath)}`,
  );
  // Hydrated before the page is left: the errors asserted at the end include React's.
  await hydrated(anonymous);

  const beatPage = await openPage('mobile');
  await logInAndGo(beatPage, recipePath, beat.email);
  await hydrated(beatPage);
  await expect(beatPage.getByRole('textbox', { name: 'Nickname', exact: true })).toHaveValue('Beat Keller');

  // Validation: a rating is required, then a text.
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(beatPage.getByText('Bitte gib eine Bewertung ab.')).toBeVisible();
  await chooseStars(beatPage, 4);
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(beatPage.getByText('Bitte schreibe einen Kommentar.')).toBeVisible();
  await expect(beatPage.getByText('Bitte gib eine Bewertung ab.')).toHaveCount(0);

  await commentBox(beatPage).fill('Wie bei der Nonna.\nSehr fein!');
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  const comments = beatPage.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByText('Wie bei der Nonna.')).toBeVisible();
  // The form is back at its defaults: no rating, empty text, no error.
  await expect(commentBox(beatPage)).toHaveValue('');
  await expect(beatPage.getByRole('radio', { name: '4 Sterne' })).not.toBeChecked();
  await expect(beatPage.getByText('Bitte schreibe einen Kommentar.')).toHaveCount(0);

  const chiaraPage = await openPage('desktop');
  await logInAndGo(chiaraPage, recipePath, chiara.email);
  await hydrated(chiaraPage);
  await rate(chiaraPage, 2, 'Mir war es zu wenig gewürzt.');
  await expect(chiaraPage.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();
  await expect(chiaraPage.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();

  // Each author sees exactly one delete icon: their own (its code arrives with the first own comment).
  await expect(chiaraPage.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(1);
  await beatPage.reload();
  await expect(beatPage.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(1);
  await anonymous.reload();
  // The comments first: without them there would be no delete icons either.
  await expect(anonymous.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();
  await expect(anonymous.getByRole('button', { name: 'Kommentar löschen' })).toHaveCount(0);
  await expect(anonymous.getByRole('listitem').filter({ hasText: 'Sterne' })).toHaveCount(0);
  await hydrated(anonymous);

  // The average shows on the home page too.
  await anonymous.goto('/');
  await expect(anonymous.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first()).toBeVisible();
  await hydrated(anonymous);

  // Beat deletes his comment; the average follows.
  await hydrated(beatPage);
  await beatPage.getByRole('button', { name: 'Kommentar löschen' }).click();
  const dialog = beatPage.getByRole('dialog');
  await expect(dialog.getByText('Bist du sicher, dass du diesen Kommentar löschen möchtest?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(dialog).toBeHidden();
  await expect(beatPage.getByRole('img', { name: 'Bewertung: 2 von 5 Sternen (1 Bewertung)' }).first()).toBeVisible();
  await expect(beatPage.getByText('Wie bei der Nonna.')).toHaveCount(0);
  await expect(beatPage.getByText('Mir war es zu wenig gewürzt.')).toBeVisible();

  expect(jsErrors(beatPage)).toEqual([]);
  expect(jsErrors(chiaraPage)).toEqual([]);
  expect(anonymous.errors).toEqual([]);
});

test('markup in nickname and comment is shown as text and never runs', async ({ openPage }) => {
  const page = await openPage('desktop');
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  await logInAndGo(page, recipePath, chiara.email);
  await hydrated(page);
  const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
  const shortPayload = '<img src=x onerror=alert(1)>'; // the nickname is at most 60 characters
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill(`Hacker ${shortPayload}`);
  await rate(page, 5, `Lecker ${payload}`);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByText(`Lecker ${payload}`)).toBeVisible();
  await expect(comments.getByText(`Hacker ${shortPayload}`)).toBeVisible();
  await expect(comments.locator('img[src="x"], script')).toHaveCount(0);
  await page.reload();
  await expect(comments.getByText(`Lecker ${payload}`)).toBeVisible(); // the comment is there, shown as text
  await expect(comments.locator('img[src="x"], script')).toHaveCount(0);
  expect(alerted).toBe(false);
});

test('the comment form works before JavaScript loads', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await logInAndGo(page, recipePath, beat.email);
  await chooseStars(page, 5);
  await commentBox(page).fill('Ohne JavaScript geschrieben.');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Ohne JavaScript geschrieben.')).toBeVisible();

  await commentBox(page).fill('Ohne Sterne');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(page.getByText('Bitte gib eine Bewertung ab.')).toBeVisible();
  // The typed text survives the refused submit.
  await expect(commentBox(page)).toHaveValue('Ohne Sterne');
});
