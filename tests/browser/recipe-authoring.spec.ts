// Writing a recipe through the real pages: create with every field and a
// JPEG, find it everywhere, edit it; the form's messages, its keyboard use and
// what it keeps; who sees which controls. Deleting and the picture's rules
// have files of their own (recipe-deletion, recipe-pictures).
import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import { createAccount, TEST_PASSWORD } from '../support/accounts.ts';
import { createRecipe, recipesTitled } from '../support/factories.ts';
import { makeJpeg } from '../support/stored-images.ts';
import { accessibilityViolations } from './support/axe.ts';
import {
  errorsBesidesRefusals as jsErrors,
  expect,
  expectReloadToAsk,
  holdRequests,
  holdScripts,
  hydrated,
  journeys,
  LEAVE_QUESTION,
  logIn,
  logInAndGo,
  type Account,
  type TrackedPage,
} from './support/fixtures.ts';

const test = journeys();

let anna: Account;
let beat: Account;
let jpeg: Buffer;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  anna = await createAccount('Anna Graf');
  beat = await createAccount('Beat Keller');
  jpeg = await makeJpeg(1600, 1067, 20);
});

async function addIngredient(page: Page, name: string, amount: string) {
  await page.getByLabel('Zutat', { exact: true }).fill(name);
  await page.getByLabel('Menge', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
}

/** Fills every field a save needs, with one ingredient: a recipe that saves as it is. */
async function fillOneIngredientRecipe(page: Page, title: string) {
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Lead').fill('Käse, Wein, Brot.');
  await page.getByRole('radio', { name: 'Hauptgang' }).check();
  await page.getByRole('radio', { name: 'Einfach' }).check();
  await page.getByLabel('Dauer in Minuten').fill('30');
  await page.getByLabel('Portionen').fill('für 4 Personen');
  await addIngredient(page, 'Moitié-moitié', '800 g');
  await page.getByLabel('Zubereitung').fill('Käse schmelzen.');
}

/**
 * Anna's new recipe, its page signed in, then its form through the page's link (so the back button
 * has a page of the site to go to).
 */
async function editFromItsPage(page: TrackedPage, title: string) {
  const recipe = await createRecipe(anna, { title });
  await logInAndGo(page, `/detail/${recipe.id}`, anna.email);
  await page.getByRole('link', { name: 'Rezept bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: 'Bearbeite dein Rezept' })).toBeVisible();
  return recipe;
}

const ingredientList = (page: Page) => page.getByRole('list', { name: 'Zutatenliste' });

test('create a recipe with every field and a picture; it shows on home, category, tags, detail and profile', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/create', anna.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erfasse ein Rezept');
  await expect(page.getByRole('link', { name: 'Abbrechen' })).toHaveCount(0);

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
  await expect(page.getByLabel('Zutat', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Menge', { exact: true })).toHaveValue('');
  await addIngredient(page, 'Champignons', '250 g');
  // Enter in "Zutat" adds too; the amount may be empty.
  await page.getByLabel('Zutat', { exact: true }).fill('Salz und Pfeffer');
  await page.getByLabel('Zutat', { exact: true }).press('Enter');
  await addIngredient(page, 'Rosmarin', '1 Zweig');
  const list = ingredientList(page);
  await expect(list.getByRole('listitem')).toHaveText([
    /600 g\s+Kalbfleisch, geschnetzelt/,
    /250 g\s+Champignons/,
    /^\s*Salz und Pfeffer/,
    /1 Zweig\s+Rosmarin/,
  ], { useInnerText: true });
  await list.getByRole('listitem').filter({ hasText: 'Rosmarin' }).getByRole('button', { name: 'Zutat entfernen' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Zubereitung').fill('Fleisch scharf anbraten.\n\nRahm beigeben und einkochen.');
  await page.getByLabel('Tipps & Tricks').fill('Das Fleisch nur erwärmen, nicht kochen.');

  // The upload starts at once; saving waits for it. The upload is held until the
  // disabled button has been seen: on a fast machine it ended before a check could look.
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/uploads', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads'));
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'geschnetzeltes.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('button', { name: 'Erfassen' })).toBeDisabled();
  releaseUpload();
  expect((await uploaded).status()).toBe(201);
  await page.unroute('**/api/uploads');
  await expect(page.getByText('100 %')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Fortschritt beim Hochladen' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Erfassen' })).toBeEnabled();
  await expect(page.getByRole('img', { name: 'Vorschau des hochgeladenen Bildes' })).toBeVisible();

  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page).toHaveURL('/');

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

  // Home: a notice says it is out, and the newest recipe is featured, with its picture and the owner's controls.
  const notice = page.getByRole('status').filter({ hasText: 'Dein Rezept ist veröffentlicht.' });
  await expect(notice).toBeVisible();
  const featured = page.getByRole('article').first();
  await expect(featured.getByRole('heading', { name: 'Zürcher Geschnetzeltes' })).toBeVisible();
  await expect(featured.locator(`img[src*="/images/${saved!.imageId}/"]`)).toHaveCount(1);
  await expect(featured.getByRole('button', { name: 'Rezept löschen' })).toBeVisible();
  await expect(featured.getByRole('link', { name: 'Rezept bearbeiten' })).toHaveAttribute('href', `/edit/${saved!.id}`);
  // The notice is for this one page: the close button takes it away, and so does the next page.
  await page.getByRole('button', { name: 'Hinweis schliessen' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Dein Rezept ist veröffentlicht.' })).toHaveCount(0);

  // Each page hydrated before the next replaces it: the errors asserted below include React's.
  await page.goto('/hauptgang');
  expect(await page.getByRole('main').locator('h3').allTextContents()).toContain('Zürcher Geschnetzeltes');
  await hydrated(page);
  await page.goto('/tags/Winter');
  await expect(page.getByRole('main').locator('h3')).toHaveText(['Zürcher Geschnetzeltes']);
  await hydrated(page);
  await page.goto('/profile');
  await expect(page.getByRole('main').locator('h3')).toHaveText(['Zürcher Geschnetzeltes']);
  await hydrated(page);

  await page.goto(detailPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zürcher Geschnetzeltes');
  const facts = await page.locator('dl').innerText();
  expect(facts).toMatch(/Auf dem Tisch in:\s+40 Min\./);
  expect(facts).toMatch(/Schwierigkeitsgrad:\s+Mittel/);
  expect(facts).toMatch(/Rezept von:\s+Anna Graf/);
  expect(await page.getByRole('region', { name: 'Zutaten' }).getByRole('row').allInnerTexts()).toEqual([
    '600 g\tKalbfleisch, geschnetzelt',
    '250 g\tChampignons',
    '\tSalz und Pfeffer',
  ]);
  await expect(page.getByRole('region', { name: 'Tipps & Tricks' })).toContainText('Das Fleisch nur erwärmen, nicht kochen.');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(['Salzig', 'Winter']);
  await hydrated(page);
  expect(jsErrors(page)).toEqual([]);
});

test('edit: the form comes filled in; Update saves and goes to the detail page; Abbrechen goes home', async ({ openPage }) => {
  const recipe = await createRecipe(anna, { title: 'Rüeblitorte', category: 'Backen', level: 'Einfach', tags: ['Süss'], duration: 70 });
  const page = await openPage('mobile');
  await logInAndGo(page, `/detail/${recipe.id}`, anna.email);
  // A slow answer: a spinner shows while the recipe loads. The answer is held
  // until the spinner has been seen (a fixed delay could run out first).
  const answer = await holdRequests(page, '**/edit/*.data*');
  await page.getByRole('link', { name: 'Rezept bearbeiten' }).click();
  await expect(page.getByRole('status').getByRole('progressbar', { name: 'Seite wird geladen' })).toBeVisible();
  answer();
  await expect(page).toHaveURL(`/edit/${recipe.id}`);
  await expect(page.getByRole('heading', { name: 'Bearbeite dein Rezept' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Seite wird geladen' })).toHaveCount(0);
  await page.unroute('**/edit/*.data*');

  await expect(page.getByLabel('Titel')).toHaveValue('Rüeblitorte');
  // The floating button is on every page but /create (the spec's layout).
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toBeVisible();
  await expect(page.getByLabel('Dauer in Minuten')).toHaveValue('70');
  await expect(page.getByRole('radio', { name: 'Backen' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Einfach' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Süss' })).toBeChecked();
  await expect(ingredientList(page).getByRole('listitem')).toHaveCount(2);
  // The picture is chosen on create only.
  await expect(page.getByLabel('Bild hochladen')).toHaveCount(0);

  await page.getByLabel('Titel').fill('Aargauer Rüeblitorte');
  await page.getByRole('radio', { name: 'Mittel' }).check();
  await page.getByRole('checkbox', { name: 'Torten & Kuchen' }).check();
  await ingredientList(page).getByRole('button', { name: 'Zutat entfernen' }).first().click();
  await addIngredient(page, 'Rüebli', '300 g');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(`/detail/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aargauer Rüeblitorte', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Deine Änderungen sind gespeichert.' })).toBeVisible();

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

  await page.goto(`/edit/${recipe.id}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL('/');
  // The URL changes before the home page renders; its errors would come after.
  await expect(page.getByRole('heading', { name: 'Willkommen im Chuchiblog!' })).toBeVisible();
  expect(jsErrors(page)).toEqual([]);
});

test('an ingredient is changed in place: it keeps its row; Escape, or an emptied name, leaves it as it was', async ({ openPage }) => {
  const recipe = await createRecipe(anna, {
    title: 'Zürcher Pfarrhaustorte',
    ingredients: [
      { name: 'Mehl', amount: '250 g' },
      { name: 'Butter', amount: '125 g' },
      { name: 'Äpfel', amount: '3' },
    ],
  });
  const page = await openPage('mobile');
  await logInAndGo(page, `/edit/${recipe.id}`, anna.email);
  const rows = ingredientList(page).getByRole('listitem');

  // A typo in the amount: corrected where it stands, Enter takes it, the focus goes back to the row.
  await rows.nth(1).getByRole('button', { name: 'Zutat ändern' }).click();
  await expect(rows.nth(1).getByLabel('Geänderte Zutat')).toBeFocused();
  await rows.nth(1).getByLabel('Geänderte Menge').fill(' 150 g ');
  await rows.nth(1).getByLabel('Geänderte Zutat').fill('Butter, weich');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/250 g\s*Mehl/, /150 g\s*Butter, weich/, /3\s*Äpfel/]);
  await expect(rows.nth(1).getByRole('button', { name: 'Zutat ändern' })).toBeFocused();

  // Escape, or the discard button, leaves it as it was; so does a name left empty.
  await rows.nth(2).getByRole('button', { name: 'Zutat ändern' }).click();
  await rows.nth(2).getByLabel('Geänderte Zutat').fill('Birnen');
  await page.keyboard.press('Escape');
  await rows.nth(2).getByRole('button', { name: 'Zutat ändern' }).click();
  await rows.nth(2).getByLabel('Geänderte Menge').fill('5');
  await rows.nth(2).getByRole('button', { name: 'Änderung verwerfen' }).click();
  await rows.nth(0).getByRole('button', { name: 'Zutat ändern' }).click();
  await rows.nth(0).getByLabel('Geänderte Zutat').fill('  ');
  await rows.nth(0).getByRole('button', { name: 'Änderung übernehmen' }).click();
  await expect(rows).toHaveText([/250 g\s*Mehl/, /150 g\s*Butter, weich/, /3\s*Äpfel/]);

  // Opening another row keeps what was typed in the first, and the cursor goes to the new one.
  await rows.nth(0).getByRole('button', { name: 'Zutat ändern' }).click();
  await rows.nth(0).getByLabel('Geänderte Menge').fill('300 g');
  await rows.nth(2).getByRole('button', { name: 'Zutat ändern' }).click();
  await expect(rows.nth(2).getByLabel('Geänderte Zutat')).toBeFocused();
  await expect(rows.nth(0)).toHaveText(/300 g\s*Mehl/);

  // Saved while a row is still open: the row as typed.
  await rows.nth(2).getByLabel('Geänderte Zutat').fill('Äpfel, sauer');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(`/detail/${recipe.id}`);
  const [row] = await getDb().select().from(recipes).where(eq(recipes.id, recipe.id));
  expect(row?.ingredients).toEqual([
    { name: 'Mehl', amount: '300 g' },
    { name: 'Butter, weich', amount: '150 g' },
    { name: 'Äpfel, sauer', amount: '3' },
  ]);
});

test('leaving a changed form asks first (its links, the floating button, the back button): "Weiter bearbeiten" keeps what was typed, "Verlassen" goes; reloading asks the browser\'s question', async ({ openPage }) => {
  const page = await openPage('desktop');
  const recipe = await editFromItsPage(page, 'Apfel-Müesli');
  await page.getByLabel('Titel').fill('Apfel-Müesli mit Haselnüssen');

  const question = page.getByRole('dialog', { name: LEAVE_QUESTION });
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(`/edit/${recipe.id}`);
  await expect(page.getByLabel('Titel')).toHaveValue('Apfel-Müesli mit Haselnüssen');

  // The floating "Rezept erfassen" asks too.
  await page.getByRole('link', { name: 'Rezept erfassen' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(`/edit/${recipe.id}`);
  await expect(page.getByLabel('Titel')).toHaveValue('Apfel-Müesli mit Haselnüssen');

  // The browser's back button asks too.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(`/edit/${recipe.id}`);

  // A reload or a closed tab gets the browser's own question.
  await expectReloadToAsk(page);
  await expect(page.getByLabel('Titel')).toHaveValue('Apfel-Müesli mit Haselnüssen');

  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await question.getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Willkommen im Chuchiblog!' })).toBeVisible();
  const [row] = await getDb().select().from(recipes).where(eq(recipes.id, recipe.id));
  expect(row?.title).toBe('Apfel-Müesli');

  // An ingredient added with its button is a change too, and saving goes unasked.
  await page.goto(`/edit/${recipe.id}`);
  await hydrated(page);
  await addIngredient(page, 'Haferflocken', '4 EL');
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  // Leaving while it is being saved would stop the save: that asks too, and the saved page closes the question.
  const answer = await holdRequests(page, '**/edit/*.data*');
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(question).toBeVisible();
  answer();
  await expect(page).toHaveURL(`/detail/${recipe.id}`);
  await expect(question).toHaveCount(0);
  const [updated] = await getDb().select().from(recipes).where(eq(recipes.id, recipe.id));
  expect(updated?.ingredients).toContainEqual({ name: 'Haferflocken', amount: '4 EL' });
  expect(jsErrors(page)).toEqual([]);
});

test('on a slow device, a link clicked right after typing still asks', async ({ openPage }) => {
  const page = await openPage('desktop');
  const recipe = await editFromItsPage(page, 'Birchermüesli');
  // Typing on a device ten times slower than this machine: the question must be in place before the
  // next click, not only once the form has rendered again.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  await page.getByLabel('Titel').fill('Birchermüesli mit Beeren');
  await page.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('dialog', { name: LEAVE_QUESTION })).toBeVisible();
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page).toHaveURL(`/edit/${recipe.id}`);
});

test('a full ingredient list says so when one more is added, and keeps what was typed', async ({ openPage }) => {
  const sixty = Array.from({ length: 60 }, (_, i) => ({ name: `Zutat ${i + 1}`, amount: '1 g' }));
  const recipe = await createRecipe(anna, { title: 'Sechzig Zutaten', ingredients: sixty });
  const page = await openPage('mobile');
  await logInAndGo(page, `/edit/${recipe.id}`, anna.email);
  await addIngredient(page, 'Zucker', '50 g');
  await expect(page.getByRole('alert').filter({ hasText: 'Ein Rezept hat höchstens 60 Zutaten.' })).toBeVisible();
  await expect(ingredientList(page).getByRole('listitem')).toHaveCount(60);
  await expect(page.getByLabel('Zutat', { exact: true })).toHaveValue('Zucker');
  // One removed: room again, and the message goes.
  await ingredientList(page).getByRole('button', { name: 'Zutat entfernen' }).first().click();
  await expect(page.getByText('Ein Rezept hat höchstens 60 Zutaten.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
  await expect(ingredientList(page).getByRole('listitem')).toHaveCount(60);
  await expect(ingredientList(page).getByRole('listitem').last()).toContainText('Zucker');

  // Without JavaScript the server says the same, and gives the typed ingredient back.
  const plain = await openPage('mobile', { javaScriptEnabled: false });
  await plain.goto(`/login?redirectTo=${encodeURIComponent(`/edit/${recipe.id}`)}`);
  await logIn(plain, anna.email);
  await expect(plain).toHaveURL(`/edit/${recipe.id}`);
  await addIngredient(plain, 'Honig', '2 EL');
  await expect(plain).toHaveURL(`/edit/${recipe.id}#zutaten`);
  await expect(plain.getByText('Ein Rezept hat höchstens 60 Zutaten.')).toBeVisible();
  await expect(ingredientList(plain).getByRole('listitem')).toHaveCount(60);
  await expect(plain.getByLabel('Zutat', { exact: true })).toHaveValue('Honig');
  await expect(plain.getByLabel('Menge', { exact: true })).toHaveValue('2 EL');
});

test('missing fields save nothing, show German messages under the fields and keep what was typed', async ({ openPage }) => {
  const page = await openPage('mobile');
  await logInAndGo(page, '/create', beat.email);
  await page.getByLabel('Titel').fill('Halb fertig');
  await page.getByRole('checkbox', { name: 'Guetzli' }).check();
  await page.getByLabel('Tipps & Tricks').fill('Kühl lagern.');
  // A blank ingredient name adds nothing.
  await addIngredient(page, '   ', '2 EL');
  await expect(ingredientList(page)).toHaveCount(0);
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
    await expect(page.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expect(page.getByText('Bitte gib einen Titel ein.')).toHaveCount(0);
  await expect(page.getByLabel('Lead')).toBeFocused();
  await expect(page.getByLabel('Titel')).toHaveValue('Halb fertig');
  await expect(page.getByRole('checkbox', { name: 'Guetzli' })).toBeChecked();
  await expect(page.getByLabel('Tipps & Tricks')).toHaveValue('Kühl lagern.');
  expect(new URL(page.url()).pathname).toBe('/create');

  // A message goes as soon as its field is fixed.
  await page.getByLabel('Lead').fill('Ein Lead.');
  await expect(page.getByText('Bitte gib einen Lead ein.')).toHaveCount(0);
  await page.getByLabel('Dauer in Minuten').fill('0');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page.getByText('Die Dauer muss mindestens 1 Minute betragen.')).toBeVisible();
  expect(await recipesTitled('Halb fertig')).toEqual([]);
  expect(jsErrors(page)).toEqual([]);
});

test('with the keyboard, the focused radio button and checkbox wear a visible ring', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/create', beat.email);
  const ring = (control: Locator) => control.evaluate((input) => getComputedStyle(input.parentElement!).outline);
  await page.getByLabel('Lead').focus();
  await page.keyboard.press('Tab');
  const apero = page.getByRole('radio', { name: 'Apéro' });
  await expect(apero).toBeFocused();
  expect(await ring(apero)).toMatch(/^rgb\(184, 137, 43\) solid 2px$/);
  const salzig = page.getByRole('checkbox', { name: 'Salzig' });
  await salzig.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(salzig).toBeFocused();
  expect(await ring(salzig)).toMatch(/^rgb\(184, 137, 43\) solid 2px$/);
  // Not for a mouse click, which shows no focus ring.
  await page.getByRole('checkbox', { name: 'Süss' }).click();
  expect(await ring(page.getByRole('checkbox', { name: 'Süss' }))).not.toMatch(/solid 2px/);
});

test('each radio group is one Tab stop, before a choice and after; the arrow keys choose within it', async ({ openPage }) => {
  for (const javaScript of [true, false]) {
    const page = await openPage('desktop', { javaScriptEnabled: javaScript });
    await logInAndGo(page, '/create', beat.email);
    if (javaScript) await hydrated(page);
    await page.getByLabel('Lead').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Apéro' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Einfach' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Dauer in Minuten')).toBeFocused();
    // A choice by arrow keys; back into the group, Tab lands on it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Hauptgang' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Einfach' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('radio', { name: 'Hauptgang' })).toBeFocused();
    await page.close();
  }
});

test('when saving fails on the way, the form stays with everything typed and says why', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/create', beat.email);
  await fillOneIngredientRecipe(page, 'Funkloch-Fondue');

  await page.route('**/create.data*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(
    page.getByText('Keine Verbindung zum Chuchiblog. Bitte prüfe deine Internetverbindung und versuche es noch einmal.'),
  ).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue('Funkloch-Fondue');
  await expect(ingredientList(page).getByRole('listitem')).toHaveCount(1);
  expect(await recipesTitled('Funkloch-Fondue')).toEqual([]);

  // What was typed is still unsaved: leaving asks.
  await page.getByRole('banner').getByRole('link', { name: 'Chuchiblog – zur Startseite' }).click();
  await page.getByRole('dialog', { name: LEAVE_QUESTION }).getByRole('button', { name: 'Weiter bearbeiten' }).click();

  // Back online, the same form saves.
  await page.unroute('**/create.data*');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page).toHaveURL('/');
  expect(await recipesTitled('Funkloch-Fondue')).toHaveLength(1);
});

test('signed out elsewhere while typing: saving keeps the form and says how to go on; signed in again in a new tab, it saves', async ({ openPage }) => {
  const page = await openPage('desktop');
  await logInAndGo(page, '/create', beat.email);
  await fillOneIngredientRecipe(page, 'Abgemeldete Älplermagronen');

  // The session is gone, as after «Abmelden» in another tab.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Erfassen' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Du bist nicht mehr angemeldet.' });
  await expect(alert).toContainText('Deine Eingaben bleiben erhalten.');
  await expect(page).toHaveURL('/create');
  await expect(page.getByLabel('Titel')).toHaveValue('Abgemeldete Älplermagronen');
  await expect(ingredientList(page).getByRole('listitem')).toHaveCount(1);
  expect(await recipesTitled('Abgemeldete Älplermagronen')).toEqual([]);

  const [loginTab] = await Promise.all([page.waitForEvent('popup'), alert.getByRole('link', { name: 'In neuem Tab anmelden' }).click()]);
  await logIn(loginTab, beat.email);
  await expect(loginTab).toHaveURL('/');
  await loginTab.close();

  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page).toHaveURL('/');
  expect(await recipesTitled('Abgemeldete Älplermagronen')).toHaveLength(1);
});

test('a form with long texts stays put when its script runs: a tap on "Abbrechen" right then still lands', async ({ openPage }) => {
  const long = Array.from({ length: 12 }, (_, i) => `${i + 1}. Alles gut mischen und kurz ruhen lassen, dann weiterfahren.`).join('\n');
  const recipe = await createRecipe(anna, { title: 'Langer Zopf', lead: long.slice(0, 300), description: long, additional: 'Hält drei Tage.' });
  const page = await openPage('mobile');
  await logInAndGo(page, '/', anna.email);
  const release = await holdScripts(page);
  await page.goto(`/edit/${recipe.id}`, { waitUntil: 'domcontentloaded' });
  const cancel = page.getByRole('link', { name: 'Abbrechen' });
  const before = await cancel.boundingBox();
  release();
  await hydrated(page);
  // The text areas are as tall as before (MUI's script measured them after the first paint, and
  // everything below them moved).
  expect(await cancel.boundingBox()).toEqual(before);
  // Each as tall as its text: four lines at most, two at least.
  expect((await page.getByLabel(/^Zubereitung/).boundingBox())!.height).toBeGreaterThan(80);
  expect((await page.getByLabel(/^Tipps & Tricks/).boundingBox())!.height).toBeLessThan(60);
  await cancel.click();
  await expect(page).toHaveURL('/');
});

test('signed out, /create and /edit lead to the login and back; others get no controls and no edit page', async ({ openPage, app }) => {
  const recipe = await createRecipe(anna, { title: 'Annas Fondue' });
  const page = await openPage('desktop');
  await page.goto('/create');
  expect(page.url()).toBe(`${app.url}/login?redirectTo=${encodeURIComponent('/create')}`);
  // The login says why it is there, in either mode.
  await expect(page.getByText('Melde dich an, um ein Rezept zu erfassen.')).toBeVisible();
  await page.getByRole('link', { name: 'Bist du neu hier? Registrieren' }).click();
  await expect(page.getByText('Registriere dich, um ein Rezept zu erfassen.')).toBeVisible();
  await page.goto(`/edit/${recipe.id}`);
  expect(page.url()).toBe(`${app.url}/login?redirectTo=${encodeURIComponent(`/edit/${recipe.id}`)}`);
  await expect(page.getByText('Melde dich an, um dein Rezept zu bearbeiten.')).toBeVisible();
  // Someone new has no recipe to edit: registering says nothing of it.
  await page.getByRole('link', { name: 'Bist du neu hier? Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
  await expect(page.getByText(/um dein Rezept zu bearbeiten/)).toHaveCount(0);
  // Sent from anywhere else, or not sent, it says nothing of the kind.
  await page.goto('/login');
  await expect(page.getByText(/Melde dich an, um/)).toHaveCount(0);

  // A client-side navigation (the empty state's button is a link) comes back to the page, not to a data URL.
  await page.goto('/dessert');
  await hydrated(page);
  await page.getByRole('link', { name: 'Erfasse dein erstes Rezept' }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/create')}`);

  await logInAndGo(page, `/detail/${recipe.id}`, beat.email);
  // The recipe first: an error page would have no controls either.
  await expect(page.getByRole('heading', { name: 'Annas Fondue' })).toBeVisible();
  await expect(page.getByTitle('Rezept löschen')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rezept bearbeiten' })).toHaveCount(0);
  await page.goto('/');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Annas Fondue' }) });
  await expect(card).toBeVisible(); // without the card, no buttons on it either
  await expect(card.getByRole('button')).toHaveCount(0);

  const response = await page.goto(`/edit/${recipe.id}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  expect((await page.goto('/edit/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
  // Elsewhere a page not found keeps the button for a new recipe, as the other pages do.
  expect((await page.goto('/gibt-es-nicht'))?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Rezept erfassen' })).toBeVisible();
});

test('without JavaScript the form still works: ingredients through the server, messages, saving', async ({ openPage }) => {
  const page = await openPage('desktop', { javaScriptEnabled: false });
  await page.goto(`/login?redirectTo=${encodeURIComponent('/create')}`);
  await page.getByLabel('E-Mail').fill(beat.email);
  await page.getByLabel(/^Passwort\W*$/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/create');

  await page.getByLabel('Titel').fill('Ohne JavaScript');
  await page.getByLabel('Zutat', { exact: true }).fill('Milch');
  await page.getByLabel('Menge', { exact: true }).fill('1 l');
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
  await expect(ingredientList(page)).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue('Ohne JavaScript');
  // The answer opens at the ingredients, where the cook was, not at the top of the form.
  await expect(page).toHaveURL('/create#zutaten');
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Its legend in view and not under the sticky navigation bar.
  const legendCovered = await page.locator('#zutaten > legend').evaluate((legend) => {
    const box = legend.getBoundingClientRect();
    return box.top < 0 || !legend.contains(document.elementFromPoint(box.left + 4, box.top + 4));
  });
  expect(legendCovered).toBe(false);
  await expect(page.getByLabel('Zutat', { exact: true })).toBeInViewport();
  await page.getByLabel('Zutat', { exact: true }).fill('Zucker');
  await page.getByRole('button', { name: 'Zutat hinzufügen' }).click();
  await ingredientList(page).getByRole('button', { name: 'Zutat entfernen' }).nth(1).click();
  await expect(ingredientList(page).getByRole('listitem')).toHaveText([/1 l\s+Milch/], { useInnerText: true });

  // Enter in a field saves the form (the browser's default button); the ingredient typed but not added is kept, as a row.
  await page.getByLabel('Zutat', { exact: true }).fill('Honig');
  await page.getByLabel('Menge', { exact: true }).fill('1 EL');
  await page.getByLabel('Zutat', { exact: true }).press('Enter');
  await expect(page.getByText('Bitte gib einen Lead ein.')).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveValue('Ohne JavaScript');
  await expect(ingredientList(page).getByRole('listitem')).toHaveText([/1 l\s+Milch/, /1 EL\s+Honig/], { useInnerText: true });
  await expect(page.getByLabel('Zutat', { exact: true })).toHaveValue('');

  await page.getByLabel('Lead').fill('Heisse Milch.');
  await page.getByRole('radio', { name: 'Dessert' }).check();
  await page.getByRole('radio', { name: 'Einfach' }).check();
  await page.getByLabel('Dauer in Minuten').fill('5');
  await page.getByLabel('Portionen').fill('1 Tasse');
  // Sent by the browser with CRLF line ends.
  await page.getByLabel('Zubereitung').fill('Milch erhitzen.\n\nHonig einrühren.');
  await page.getByRole('button', { name: 'Erfassen' }).click();
  await expect(page).toHaveURL('/');
  // The notice comes without JavaScript too: it rides on a cookie through the redirect.
  await expect(page.getByRole('status').filter({ hasText: 'Dein Rezept ist veröffentlicht.' })).toBeVisible();
  await page.getByRole('link', { name: 'Hauptgang' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Dein Rezept ist veröffentlicht.' })).toHaveCount(0);
  const [saved] = await recipesTitled('Ohne JavaScript');
  expect(saved).toMatchObject({
    userId: beat.id,
    ingredients: [
      { name: 'Milch', amount: '1 l' },
      { name: 'Honig', amount: '1 EL' },
    ],
    imageId: null,
  });

  // Opened for editing with JavaScript, the form counts its CRLF text as unchanged: it leaves unasked.
  const withScripts = await openPage('desktop');
  await logInAndGo(withScripts, `/edit/${saved!.id}`, beat.email);
  await withScripts.getByRole('link', { name: 'Abbrechen' }).click();
  await expect(withScripts).toHaveURL('/');
});

test('the create and edit pages have no serious accessibility problems', async ({ openPage, browser, app }) => {
  const page = await openPage('mobile');
  await logInAndGo(page, '/create', anna.email);
  const storageState = await page.context().storageState();
  expect(await accessibilityViolations(browser, `${app.url}/create`, 'mobile', { storageState })).toEqual([]);
  const recipe = await createRecipe(anna, { title: 'Barrierefrei' });
  expect(await accessibilityViolations(browser, `${app.url}/edit/${recipe.id}`, 'desktop', { storageState })).toEqual([]);
});
