// Recipe authoring through the real pages: create with every field and a
// JPEG, find it everywhere, edit it, delete it (from the detail page and from
// a card); the form's messages; the picture rules; who sees which controls.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { createRecipe } from '../support/factories.ts';
import { createAccount, logInAndGo } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { launchBrowser, openPage, waitForHydration, type TrackedPage } from './support/browser.ts';
import { makeJpeg } from './support/fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;
let anna: Awaited<ReturnType<typeof createAccount>>;
let beat: Awaited<ReturnType<typeof createAccount>>;
let jpeg: Buffer;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
  jpeg = await makeJpeg(1600, 1067, 20);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Errors other than the browser's own line for a refused request (4xx answers are part of these journeys). */
function jsErrors(page: TrackedPage) {
  return page.errors.filter((e) => !/status of 4\d\d/.test(e));
}

async function recipesTitled(title: string) {
  return getDb().select().from(recipes).where(eq(recipes.title, title));
}

async function addIngredient(page: TrackedPage, name: string, amount: string) {
  await page.getByLabel('Zutat', { exact: true }).fill(name);
  await page.getByLabel('Menge', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
}

test('create a recipe with every field and a picture; it shows on home, category, tags, detail and profile', async () => {
  const page = await openPage(browser, 'desktop');
  await logInAndGo(page, app.url, '/create', anna.email);
  await waitForHydration(page);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Erfasse ein Rezept');
  expect(await page.getByRole('link', { name: 'Abbrechen' }).count()).toBe(0);

  await page.getByLabel('Titel').fill('Zürcher Geschnetzeltes');
  await page.getByLabel('Lead').fill('Kalbfleisch an Rahmsauce mit knuspriger Rösti.');
  await page.getByRole('radio', { name: 'Hauptgang' }).check();
  await page.getByRole('radio', { name: 'Mittel' }).check();
  await page.getByLabel('Dauer in Minuten').fill('40');
  await page.getByLabel('Portionen').fill('für 4 Personen');
  await page.getByRole('checkbox', { name: 'Salzig' }).check();
  await page.getByRole('checkbox', { name: 'Winter' }).check();
  await addIngredient(page, '  Kalbfleisch, geschnetzelt ', ' 600 g ');
  // Both inputs are empty again after adding, and the cursor is back in "Zutat".
  expect(await page.getByLabel('Zutat', { exact: true }).inputValue()).toBe('');
  expect(await page.getByLabel('Menge', { exact: true }).inputValue()).toBe('');
  await addIngredient(page, 'Champignons', '250 g');
  // Enter in "Zutat" adds too; the amount may be empty.
  await page.getByLabel('Zutat', { exact: true }).fill('Salz und Pfeffer');
  await page.getByLabel('Zutat', { exact: true }).press('Enter');
  await addIngredient(page, 'Rosmarin', '1 Zweig');
  const list = page.getByRole('list', { name: 'Zutatenliste' });
  expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/600 g\s+Kalbfleisch, geschnetzelt/),
    expect.stringMatching(/250 g\s+Champignons/),
    expect.stringMatching(/^\s*Salz und Pfeffer/),
    expect.stringMatching(/1 Zweig\s+Rosmarin/),
  ]);
  await list.getByRole('listitem').filter({ hasText: 'Rosmarin' }).getByRole('button', { name: 'Zutat entfernen' }).click();
  expect(await list.getByRole('listitem').count()).toBe(3);
  await page.getByLabel('Zubereitung').fill('Fleisch scharf anbraten.\n\nRahm beigeben und einkochen.');
  await page.getByLabel('Tipps & Tricks').fill('Das Fleisch nur erwärmen, nicht kochen.');

  // The upload starts at once; saving waits for it.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads'));
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'geschnetzeltes.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  expect(await page.getByRole('button', { name: 'Erfassen' }).isDisabled()).toBe(true);
  expect((await uploaded).status()).toBe(201);
  await page.getByText('100 %').waitFor();
  expect(await page.getByRole('progressbar', { name: 'Fortschritt beim Hochladen' }).getAttribute('aria-valuenow')).toBe('100');
  expect(await page.getByRole('button', { name: 'Erfassen' }).isEnabled()).toBe(true);
  expect(await page.getByRole('img', { name: 'Vorschau des hochgeladenen Bildes' }).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.waitForURL(`${app.url}/`);

  const [saved] = await recipesTitled('Zürcher Geschnetzeltes');
  expect(saved).toMatchObject({
    userId: anna.id,
    userEmail: anna.email,
    author: 'Anna Graf',
    lead: 'Kalbfleisch an Rahmsauce mit knuspriger Rösti.',
    category: 'Hauptgang',
    level: 'Mittel',
    duration: 40,
    quantity: 'für 4 Personen',
    tags: ['Salzig', 'Winter'],
    ingredients: [
      { name: 'Kalbfleisch, geschnetzelt', amount: '600 g' },
      { name: 'Champignons', amount: '250 g' },
      { name: 'Salz und Pfeffer', amount: '' },
    ],
    description: 'Fleisch scharf anbraten.\n\nRahm beigeben und einkochen.',
    additional: 'Das Fleisch nur erwärmen, nicht kochen.',
    ratingSum: 0,
    ratingCount: 0,
  });
  expect(saved!.imageId).toMatch(/^[0-9a-f-]{36}$/);
  const detailPath = `/detail/${saved!.id}`;

  // Home: the newest recipe is featured, with its picture and the owner's controls.
  const featured = page.getByRole('article').first();
  await featured.getByRole('heading', { name: 'Zürcher Geschnetzeltes' }).waitFor();
  expect(await featured.locator(`img[src*="/images/${saved!.imageId}/"]`).count()).toBe(1);
  expect(await featured.getByRole('button', { name: 'Rezept löschen' }).isVisible()).toBe(true);
  expect(await featured.getByRole('link', { name: 'Rezept bearbeiten' }).getAttribute('href')).toBe(`/edit/${saved!.id}`);

  // Each page hydrated before the next replaces it: the errors asserted below include React's.
  await page.goto(`${app.url}/hauptgang`);
  expect(await page.getByRole('main').locator('h3').allTextContents()).toContain('Zürcher Geschnetzeltes');
  await waitForHydration(page);
  await page.goto(`${app.url}/tags/Winter`);
  expect(await page.getByRole('main').locator('h3').allTextContents()).toEqual(['Zürcher Geschnetzeltes']);
  await waitForHydration(page);
  await page.goto(`${app.url}/profile`);
  expect(await page.getByRole('main').locator('h3').allTextContents()).toEqual(['Zürcher Geschnetzeltes']);
  await waitForHydration(page);

  await page.goto(`${app.url}${detailPath}`);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Zürcher Geschnetzeltes');
  const facts = await page.locator('dl').innerText();
  expect(facts).toMatch(/Auf dem Tisch in:\s+40 Min\./);
  expect(facts).toMatch(/Schwierigkeitsgrad:\s+Mittel/);
  expect(facts).toMatch(/Rezept von:\s+Anna Graf/);
  expect(await page.getByRole('region', { name: 'Zutaten' }).getByRole('row').allInnerTexts()).toEqual([
    '600 g\tKalbfleisch, geschnetzelt',
    '250 g\tChampignons',
    '\tSalz und Pfeffer',
  ]);
  expect(await page.getByRole('region', { name: 'Tipps & Tricks' }).innerText()).toContain('Das Fleisch nur erwärmen, nicht kochen.');
  expect(await page.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()).toEqual(['Salzig', 'Winter']);
  await waitForHydration(page);
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('edit: the form comes filled in; Update saves and goes to the detail page; Abbrechen goes home', async () => {
  const recipe = await createRecipe(anna, { title: 'Rüeblitorte', category: 'Backen', level: 'Einfach', tags: ['Süss'], duration: 70 });
  const page = await openPage(browser, 'mobile');
  await logInAndGo(page, app.url, `/detail/${recipe.id}`, anna.email);
  await waitForHydration(page);
  // A slow answer: a spinner shows while the recipe loads. The answer is held
  // until the spinner has been seen (a fixed delay could run out first).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/edit/*.data*', async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Rezept bearbeiten' }).click();
  await page.getByRole('status').getByRole('progressbar', { name: 'Seite wird geladen' }).waitFor();
  answer();
  await page.waitForURL(`${app.url}/edit/${recipe.id}`);
  await page.getByRole('heading', { name: 'Bearbeite dein Rezept' }).waitFor();
  expect(await page.getByRole('progressbar', { name: 'Seite wird geladen' }).count()).toBe(0);
  await page.unroute('**/edit/*.data*');

  expect(await page.getByLabel('Titel').inputValue()).toBe('Rüeblitorte');
  expect(await page.getByLabel('Dauer in Minuten').inputValue()).toBe('70');
  expect(await page.getByRole('radio', { name: 'Backen' }).isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: 'Einfach' }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Süss' }).isChecked()).toBe(true);
  expect(await page.getByRole('list', { name: 'Zutatenliste' }).getByRole('listitem').count()).toBe(2);
  // The picture is chosen on create only.
  expect(await page.getByLabel('Bild hochladen').count()).toBe(0);

  await page.getByLabel('Titel').fill('Aargauer Rüeblitorte');
  await page.getByRole('radio', { name: 'Mittel' }).check();
  await page.getByRole('checkbox', { name: 'Torten & Kuchen' }).check();
  await page.getByRole('list', { name: 'Zutatenliste' }).getByRole('button', { name: 'Zutat entfernen' }).first().click();
  await addIngredient(page, 'Rüebli', '300 g');
  await page.getByRole('button', { name: 'Update' }).click();
  await page.waitForURL(`${app.url}/detail/${recipe.id}`);
  // Not expect.poll: it gives up after a second, and a client-side navigation can take longer.
  await page.getByRole('heading', { level: 1, name: 'Aargauer Rüeblitorte', exact: true }).waitFor();

  const [row] = await getDb().select().from(recipes).where(eq(recipes.id, recipe.id));
  expect(row).toMatchObject({
    title: 'Aargauer Rüeblitorte',
    level: 'Mittel',
    tags: ['Süss', 'Torten & Kuchen'],
    ingredients: [
      { name: 'Bergkäse, gerieben', amount: '150 g' },
      { name: 'Rüebli', amount: '300 g' },
    ],
    createdAt: recipe.createdAt,
    author: 'Anna Graf',
  });

  await page.goto(`${app.url}/edit/${recipe.id}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await page.waitForURL(`${app.url}/`);
  // The URL changes before the home page renders; its errors would come after.
  await page.getByRole('heading', { name: 'Willkommen im Chuchiblog!' }).waitFor();
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('delete from the detail page asks first, then goes home; the recipe is gone', async () => {
  const recipe = await createRecipe(anna, { title: 'Capuns zum Löschen' });
  const page = await openPage(browser, 'desktop');
  await logInAndGo(page, app.url, `/detail/${recipe.id}`, anna.email);
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Rezept löschen' }).click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.getByText('Bist du sicher, dass du dieses Rezept löschen möchtest?').isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await recipesTitled('Capuns zum Löschen')).toHaveLength(1);

  await page.getByRole('button', { name: 'Rezept löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('heading', { name: 'Willkommen im Chuchiblog!' }).waitFor();
  expect(await recipesTitled('Capuns zum Löschen')).toEqual([]);
  expect(await page.getByText('Capuns zum Löschen').count()).toBe(0);
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('delete from a card on home: the card disappears', async () => {
  await createRecipe(anna, { title: 'Birchermüesli', createdAt: new Date(Date.now() - 30 * 86_400_000) });
  await createRecipe(anna, { title: 'Neuestes Rezept' });
  const page = await openPage(browser, 'desktop');
  await logInAndGo(page, app.url, '/', anna.email);
  await waitForHydration(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Birchermüesli' }) });
  await card.getByRole('button', { name: 'Rezept löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  // (While the dialog is open the page behind it is hidden from the accessibility tree.)
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText('Birchermüesli').waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await recipesTitled('Birchermüesli')).toEqual([]);
  expect(await page.getByRole('heading', { name: 'Neuestes Rezept' }).isVisible()).toBe(true);
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('missing fields save nothing, show German messages under the fields and keep what was typed', async () => {
  const page = await openPage(browser, 'mobile');
  await logInAndGo(page, app.url, '/create', beat.email);
  await waitForHydration(page);
  await page.getByLabel('Titel').fill('Halb fertig');
  await page.getByRole('checkbox', { name: 'Guetzli' }).check();
  await page.getByLabel('Tipps & Tricks').fill('Kühl lagern.');
  // A blank ingredient name adds nothing.
  await addIngredient(page, '   ', '2 EL');
  expect(await page.getByRole('list', { name: 'Zutatenliste' }).count()).toBe(0);
  // Enter in a field saves (and is checked), it does not remove or add ingredients.
  await page.getByLabel('Titel').press('Enter');

  for (const message of [
    'Bitte gib einen Lead ein.',
    'Bitte wähle eine Kategorie.',
    'Bitte wähle einen Schwierigkeitsgrad.',
    'Bitte gib die Dauer in Minuten an.',
    'Bitte gib die Portionen an (z. B. «für 4 Personen»).',
    'Bitte füge mindestens eine Zutat hinzu.',
    'Bitte beschreibe die Zubereitung.',
  ]) {
    expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
  }
  expect(await page.getByText('Bitte gib einen Titel ein.').count()).toBe(0);
  expect(await page.getByLabel('Lead').evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.getByLabel('Titel').inputValue()).toBe('Halb fertig');
  expect(await page.getByRole('checkbox', { name: 'Guetzli' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Tipps & Tricks').inputValue()).toBe('Kühl lagern.');
  expect(new URL(page.url()).pathname).toBe('/create');

  // A message goes as soon as its field is fixed.
  await page.getByLabel('Lead').fill('Ein Lead.');
  expect(await page.getByText('Bitte gib einen Lead ein.').count()).toBe(0);
  await page.getByLabel('Dauer in Minuten').fill('0');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.getByText('Die Dauer muss mindestens 1 Minute betragen.').waitFor();
  expect(await recipesTitled('Halb fertig')).toEqual([]);
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('when saving fails on the way, the form stays with everything typed and says why', async () => {
  const page = await openPage(browser, 'desktop');
  await logInAndGo(page, app.url, '/create', beat.email);
  await waitForHydration(page);
  await page.getByLabel('Titel').fill('Funkloch-Fondue');
  await page.getByLabel('Lead').fill('Käse, Wein, Brot.');
  await page.getByRole('radio', { name: 'Hauptgang' }).check();
  await page.getByRole('radio', { name: 'Einfach' }).check();
  await page.getByLabel('Dauer in Minuten').fill('30');
  await page.getByLabel('Portionen').fill('für 4 Personen');
  await addIngredient(page, 'Moitié-moitié', '800 g');
  await page.getByLabel('Zubereitung').fill('Käse schmelzen.');

  await page.route('**/create.data*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.getByText('Keine Verbindung zum Chuchiblog. Bitte prüfe deine Internetverbindung und versuche es noch einmal.').waitFor();
  expect(await page.getByLabel('Titel').inputValue()).toBe('Funkloch-Fondue');
  expect(await page.getByRole('list', { name: 'Zutatenliste' }).getByRole('listitem').count()).toBe(1);
  expect(await recipesTitled('Funkloch-Fondue')).toEqual([]);

  // Back online, the same form saves.
  await page.unroute('**/create.data*');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.waitForURL(`${app.url}/`);
  expect(await recipesTitled('Funkloch-Fondue')).toHaveLength(1);
  await page.context().close();
});

test('only JPEG pictures: anything else is refused with a German message and does not block saving', async () => {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a227' } }).png().toBuffer();
  const page = await openPage(browser, 'desktop');
  await logInAndGo(page, app.url, '/create', beat.email);
  await waitForHydration(page);
  // Named .jpg and declared as JPEG: the bytes decide.
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: png });
  await page.getByText('Diese Datei ist kein JPEG-Bild. Bitte lade ein Foto im Format JPEG (.jpg) hoch.').waitFor();
  expect(await page.getByRole('button', { name: 'Erfassen' }).isEnabled()).toBe(true);
  expect(await page.locator('input[name="imageId"]').inputValue()).toBe('');

  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'gross.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) });
  await page.getByText('Das Bild ist zu gross: erlaubt sind höchstens 20 MB.').waitFor();
  expect(jsErrors(page)).toEqual([]);
  await page.context().close();
});

test('signed out, /create and /edit lead to the login and back; others get no controls and no edit page', async () => {
  const recipe = await createRecipe(anna, { title: 'Annas Fondue' });
  const page = await openPage(browser, 'desktop');
  await page.goto(`${app.url}/create`);
  expect(page.url()).toBe(`${app.url}/login?redirectTo=${encodeURIComponent('/create')}`);
  await page.goto(`${app.url}/edit/${recipe.id}`);
  expect(page.url()).toBe(`${app.url}/login?redirectTo=${encodeURIComponent(`/edit/${recipe.id}`)}`);

  // A client-side navigation (the empty state's button is a link) comes back to the page, not to a data URL.
  await page.goto(`${app.url}/dessert`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Erfasse dein erstes Rezept' }).click();
  await page.waitForURL(`${app.url}/login?redirectTo=${encodeURIComponent('/create')}`);

  await logInAndGo(page, app.url, `/detail/${recipe.id}`, beat.email);
  // The recipe first: an error page would have no controls either.
  await page.getByRole('heading', { name: 'Annas Fondue' }).waitFor();
  expect(await page.getByRole('button', { name: 'Rezept löschen' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Rezept bearbeiten' }).count()).toBe(0);
  await page.goto(app.url);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Annas Fondue' }) });
  await card.waitFor(); // without the card, no buttons on it either
  expect(await card.getByRole('button').count()).toBe(0);

  const response = await page.goto(`${app.url}/edit/${recipe.id}`);
  expect(response?.status()).toBe(403);
  expect(await page.getByRole('heading', { name: 'Kein Zugriff' }).isVisible()).toBe(true);
  expect((await page.goto(`${app.url}/edit/00000000-0000-4000-8000-000000000000`))?.status()).toBe(404);
  await page.context().close();
});

test('without JavaScript the form still works: ingredients through the server, messages, saving', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/login?redirectTo=${encodeURIComponent('/create')}`);
  await page.getByLabel('E-Mail').fill(beat.email);
  await page.getByLabel(/^Passwort\W*$/).fill('Zopf-am-Sonntag-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(`${app.url}/create`);

  await page.getByLabel('Titel').fill('Ohne JavaScript');
  await page.getByLabel('Zutat', { exact: true }).fill('Milch');
  await page.getByLabel('Menge', { exact: true }).fill('1 l');
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
  await page.getByRole('list', { name: 'Zutatenliste' }).waitFor();
  expect(await page.getByLabel('Titel').inputValue()).toBe('Ohne JavaScript');
  await page.getByLabel('Zutat', { exact: true }).fill('Zucker');
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
  await page.getByRole('list', { name: 'Zutatenliste' }).getByRole('button', { name: 'Zutat entfernen' }).nth(1).click();
  // The click returns once the server's answer starts to arrive; read the list when it has.
  await page.waitForLoadState();
  expect(await page.getByRole('list', { name: 'Zutatenliste' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/1 l\s+Milch/)]);

  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.getByText('Bitte gib einen Lead ein.').waitFor();
  expect(await page.getByLabel('Titel').inputValue()).toBe('Ohne JavaScript');

  await page.getByLabel('Lead').fill('Heisse Milch.');
  await page.getByRole('radio', { name: 'Dessert' }).check();
  await page.getByRole('radio', { name: 'Einfach' }).check();
  await page.getByLabel('Dauer in Minuten').fill('5');
  await page.getByLabel('Portionen').fill('1 Tasse');
  await page.getByLabel('Zubereitung').fill('Milch erhitzen.');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await page.waitForURL(`${app.url}/`);
  const [saved] = await recipesTitled('Ohne JavaScript');
  expect(saved).toMatchObject({ userId: beat.id, ingredients: [{ name: 'Milch', amount: '1 l' }], imageId: null });
  await context.close();
});

test('the create and edit pages have no serious accessibility problems', async () => {
  const page = await openPage(browser, 'mobile');
  await logInAndGo(page, app.url, '/create', anna.email);
  const storageState = await page.context().storageState();
  expect(await accessibilityViolations(browser, `${app.url}/create`, 'mobile', { storageState })).toEqual([]);
  const recipe = await createRecipe(anna, { title: 'Barrierefrei' });
  expect(await accessibilityViolations(browser, `${app.url}/edit/${recipe.id}`, 'desktop', { storageState })).toEqual([]);
  await page.context().close();
});
