// Comments and star ratings with three people: the author of the recipe,
// and two readers who rate it; plus anonymous visitors.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRecipe } from '../support/factories.ts';
import { createAccount, logInAndGo } from './support/accounts.ts';
import { launchBrowser, openPage, waitForHydration, type TrackedPage } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;
let recipePath: string;
let beat: Awaited<ReturnType<typeof createAccount>>;
let chiara: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
  chiara = await createAccount('Chiara Rossi');
  const recipe = await createRecipe(anna, { title: 'Capuns', lead: 'Mangoldwickel aus dem Bündnerland.' });
  recipePath = `/detail/${recipe.id}`;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Errors other than the browser's own line for a refused form (status 400). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 400/.test(e));
}

/** Clicks the star with that label, as a person would. */
async function chooseStars(page: Page, stars: number) {
  await page.locator('label').filter({ hasText: stars === 1 ? '1 Stern' : `${stars} Sterne` }).click();
}

async function rate(page: TrackedPage, stars: number, text: string) {
  await chooseStars(page, stars);
  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Kommentieren' }).click();
}

test('readers rate and comment; the average follows; authors delete only their own', async () => {
  const anonymous = await openPage(browser, 'desktop');
  await anonymous.goto(`${app.url}${recipePath}`);
  expect(await anonymous.getByText('Dieses Rezept wurde noch nicht bewertet').isVisible()).toBe(true);
  expect(await anonymous.getByRole('button', { name: 'Kommentieren' }).count()).toBe(0);
  expect(await anonymous.getByRole('link', { name: 'Melde dich an' }).getAttribute('href')).toBe(
    `/login?redirectTo=${encodeURIComponent(recipePath)}`,
  );
  // Hydrated before the page is left: the errors asserted at the end include React's.
  await waitForHydration(anonymous);

  const beatPage = await openPage(browser, 'mobile');
  await logInAndGo(beatPage, app.url, recipePath, beat.email);
  await waitForHydration(beatPage);
  expect(await beatPage.getByRole('textbox', { name: 'Nickname', exact: true }).inputValue()).toBe('Beat Keller');

  // Validation: a rating is required, then a text.
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await beatPage.getByText('Bitte gib eine Bewertung ab.').waitFor();
  await chooseStars(beatPage, 4);
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  await beatPage.getByText('Bitte schreibe einen Kommentar.').waitFor();
  expect(await beatPage.getByText('Bitte gib eine Bewertung ab.').count()).toBe(0);

  await beatPage.getByRole('textbox', { name: 'Kommentar', exact: true }).fill('Wie bei der Nonna.\nSehr fein!');
  await beatPage.getByRole('button', { name: 'Kommentieren' }).click();
  const comments = beatPage.getByRole('region', { name: 'Kommentare' });
  await comments.getByText('Wie bei der Nonna.').waitFor();
  // The form is back at its defaults: no rating, empty text, no error.
  await expect.poll(() => beatPage.getByRole('textbox', { name: 'Kommentar', exact: true }).inputValue()).toBe('');
  expect(await beatPage.getByRole('radio', { name: '4 Sterne' }).isChecked()).toBe(false);
  expect(await beatPage.getByText('Bitte schreibe einen Kommentar.').count()).toBe(0);

  const chiaraPage = await openPage(browser, 'desktop');
  await logInAndGo(chiaraPage, app.url, recipePath, chiara.email);
  await waitForHydration(chiaraPage);
  await rate(chiaraPage, 2, 'Mir war es zu wenig gewürzt.');
  await chiaraPage.getByText('Mir war es zu wenig gewürzt.').waitFor();
  await chiaraPage.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first().waitFor();

  // Each author sees exactly one delete icon: their own (its code arrives with the first own comment).
  await chiaraPage.getByRole('button', { name: 'Kommentar löschen' }).first().waitFor();
  expect(await chiaraPage.getByRole('button', { name: 'Kommentar löschen' }).count()).toBe(1);
  await beatPage.reload();
  expect(await beatPage.getByRole('button', { name: 'Kommentar löschen' }).count()).toBe(1);
  await anonymous.reload();
  // The comments first: without them there would be no delete icons either.
  await anonymous.getByText('Mir war es zu wenig gewürzt.').waitFor();
  expect(await anonymous.getByRole('button', { name: 'Kommentar löschen' }).count()).toBe(0);
  expect(await anonymous.getByRole('listitem').filter({ hasText: 'Sterne' }).count()).toBe(0);
  await waitForHydration(anonymous);

  // The average shows on the home page too.
  await anonymous.goto(app.url);
  await anonymous.getByRole('img', { name: 'Bewertung: 3 von 5 Sternen (2 Bewertungen)' }).first().waitFor();
  await waitForHydration(anonymous);

  // Beat deletes his comment; the average follows.
  await waitForHydration(beatPage);
  await beatPage.getByRole('button', { name: 'Kommentar löschen' }).click();
  const dialog = beatPage.getByRole('dialog');
  await dialog.getByText('Bist du sicher, dass du diesen Kommentar löschen möchtest?').waitFor();
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The new average first (the dialog closes before the answer comes; polling
  // for the absence gave up after one second), then the comment is gone.
  await beatPage.getByRole('img', { name: 'Bewertung: 2 von 5 Sternen (1 Bewertung)' }).first().waitFor();
  expect(await beatPage.getByText('Wie bei der Nonna.').count()).toBe(0);
  expect(await beatPage.getByText('Mir war es zu wenig gewürzt.').isVisible()).toBe(true);

  expect(jsErrors(beatPage)).toEqual([]);
  expect(jsErrors(chiaraPage)).toEqual([]);
  expect(anonymous.errors).toEqual([]);
  for (const page of [anonymous, beatPage, chiaraPage]) await page.context().close();
});

test('markup in nickname and comment is shown as text and never runs', async () => {
  const page = await openPage(browser, 'desktop');
  let alerted = false;
  page.on('dialog', async (d) => {
    alerted = true;
    await d.dismiss();
  });
  await logInAndGo(page, app.url, recipePath, chiara.email);
  await waitForHydration(page);
  const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
  const shortPayload = '<img src=x onerror=alert(1)>'; // the nickname is at most 60 characters
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill(`Hacker ${shortPayload}`);
  await rate(page, 5, `Lecker ${payload}`);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByText(`Lecker ${payload}`).waitFor();
  expect(await comments.getByText(`Hacker ${shortPayload}`).isVisible()).toBe(true);
  expect(await comments.locator('img[src="x"], script').count()).toBe(0);
  await page.reload();
  await comments.getByText(`Lecker ${payload}`).waitFor(); // the comment is there, shown as text
  expect(await page.getByRole('region', { name: 'Kommentare' }).locator('img[src="x"], script').count()).toBe(0);
  expect(alerted).toBe(false);
  await page.context().close();
});

test('the comment form works before JavaScript loads', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInAndGo(page, app.url, recipePath, beat.email);
  await chooseStars(page, 5);
  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).fill('Ohne JavaScript geschrieben.');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await page.getByText('Ohne JavaScript geschrieben.').waitFor();

  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).fill('Ohne Sterne');
  await page.getByRole('button', { name: 'Kommentieren' }).click();
  await page.getByText('Bitte gib eine Bewertung ab.').waitFor();
  // The typed text survives the refused submit.
  expect(await page.getByRole('textbox', { name: 'Kommentar', exact: true }).inputValue()).toBe('Ohne Sterne');
  await context.close();
});
