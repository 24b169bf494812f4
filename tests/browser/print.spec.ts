// Printing a recipe: one clean A4 page with the recipe, scaled as chosen,
// and its address; no navigation, share block, comments or buttons.
import { execFileSync } from 'node:child_process';
import { createAccount } from '../support/accounts.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { createImage } from '../support/stored-images.ts';
import { demoRecipes } from '../../scripts/seed/demo-recipes.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();
let recipePath: string;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  const anna = await createAccount('Anna Graf');
  const recipe = await createRecipe(anna, {
    title: 'Zürcher Geschnetzeltes',
    quantity: 'für 4 Personen',
    imageId: await createImage(anna.id, 30),
    ingredients: [
      { name: 'Kalbfleisch, geschnetzelt', amount: '600 g' },
      { name: 'Champignons', amount: '250 g' },
      { name: 'Zwiebel', amount: '1' },
      { name: 'Weisswein', amount: '1 dl' },
      { name: 'Rahm', amount: '2 dl' },
      { name: 'Butter', amount: '2 EL' },
      { name: 'Salz und Pfeffer', amount: '' },
    ],
    description: [
      '1. Fleisch portionenweise scharf anbraten, herausnehmen.',
      '2. Zwiebel und Champignons in Butter andünsten.',
      '3. Mit Weisswein ablöschen und einkochen lassen.',
      '4. Rahm beigeben, kurz köcheln, Fleisch darin nur erwärmen.',
    ].join('\n\n'),
    additional: 'Dazu passt eine knusprige Rösti.',
  });
  await createComment(recipe.id, anna, { nickname: 'Anna', comment: 'Ein Klassiker.', rating: 5 });
  recipePath = `/detail/${recipe.id}`;
});

test('the print layout keeps the recipe and its address, and leaves out everything else', async ({ openPage, app }) => {
  const page = await openPage('desktop');
  await page.goto(`${recipePath}?portionen=6`);
  await page.emulateMedia({ media: 'print' });
  for (const kept of [
    page.getByRole('heading', { level: 1, name: 'Zürcher Geschnetzeltes' }),
    page.getByRole('img', { name: 'Zürcher Geschnetzeltes' }),
    page.getByRole('region', { name: 'Zutaten' }).getByText('900 g'),
    page.getByRole('region', { name: 'Zubereitung' }),
    page.getByRole('region', { name: 'Tipps & Tricks' }),
    page.getByText(`Quelle: ${app.url}${recipePath}?portionen=6`),
  ]) {
    await expect(kept).toBeVisible();
  }
  for (const left of [
    page.getByRole('banner'),
    page.getByRole('contentinfo'),
    page.getByRole('region', { name: 'Rezept teilen' }),
    page.getByRole('region', { name: 'Kommentare' }),
    page.getByRole('group', { name: 'Portionen umrechnen' }),
    page.getByRole('button', { name: 'Drucken' }),
  ]) {
    await expect(left).toBeHidden();
  }
  // The cards' gold rules are straight on paper: no stray arcs where the rounded card is gone.
  for (const card of [page.getByRole('region', { name: 'Zutaten' }), page.getByRole('region', { name: 'Tipps & Tricks' })]) {
    expect(await card.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('0px');
  }
  // On screen the address is not repeated.
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByText(`Quelle: ${app.url}`)).toBeHidden();
});

test('cook mode prints the step and the ingredients, without its buttons or the screen note', async ({ openPage }) => {
  // With a screen to keep on (a stand-in: headless Chromium has none), the toggle shows.
  const page = await openPage('desktop');
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'wakeLock', {
      value: { request: async () => Object.assign(new EventTarget(), { released: false, type: 'screen', release: async () => {} }) },
    });
  });
  await page.goto(`${recipePath}/kochmodus?schritt=2`);
  await hydrated(page);
  const controls = [page.getByRole('link', { name: 'Kochmodus beenden' }), page.getByRole('link', { name: 'Weiter →' }), page.getByRole('button', { name: 'Bildschirm anlassen' })];
  for (const control of controls) await expect(control).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: /^Schritt 2 von \d$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zutaten' })).toBeVisible();
  for (const control of controls) await expect(control).toBeHidden();

  // Without one (a browser without the API), the note shows on the screen, and not on paper.
  const noWakeLock = await openPage('desktop');
  await noWakeLock.addInitScript(() => {
    delete (Navigator.prototype as unknown as { wakeLock?: unknown }).wakeLock;
  });
  await noWakeLock.goto(`${recipePath}/kochmodus`);
  await hydrated(noWakeLock);
  const note = noWakeLock.getByRole('note');
  await expect(note).toBeVisible();
  await noWakeLock.emulateMedia({ media: 'print' });
  await expect(note).toBeHidden();
});

test('a typical recipe prints on one A4 page', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto(recipePath);
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
  expect(pages).toHaveLength(1);
});

test('"Drucken" opens the print dialog, and shows only where it can', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto(recipePath);
  await hydrated(page);
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', '');
  });
  await page.getByRole('button', { name: 'Drucken' }).click();
  await expect(page.locator('html[data-printed]')).toBeAttached();

  // Without JavaScript the button could do nothing: it is not there to press.
  const plain = await openPage('mobile', { javaScriptEnabled: false });
  await plain.goto(recipePath);
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Drucken' })).toBeHidden();
  // Nor does it keep an empty place (on a phone a row of its own above the picture).
  expect(await plain.locator('button', { hasText: 'Drucken' }).evaluate((button) => getComputedStyle(button).display)).toBe('none');
});

test('a list prints its recipes: no button, page numbers or side list on paper', async ({ openPage }) => {
  // Thirteen recipes in all: the home page has a second page, so its page numbers show on screen.
  const beat = await createAccount('Beat Keller');
  for (let i = 1; i <= 12; i++) await createRecipe(beat, { title: `Chässuppe Nr. ${i}` });
  const page = await openPage('desktop');
  await page.goto('/');
  const onScreenOnly = [
    page.getByRole('link', { name: 'Zum Rezept' }),
    page.getByRole('navigation', { name: 'Seiten' }),
    page.getByRole('complementary'),
  ];
  for (const part of onScreenOnly) await expect(part).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Chässuppe Nr. 12' })).toBeVisible();
  for (const part of onScreenOnly) await expect(part).toBeHidden();
});

test('a recipe too long for one page prints its address below the ingredients, not over them', async ({ openPage, app }) => {
  // The demo blog's longest recipe, its ingredients three times over: the list runs onto a second page.
  const nusstorte = demoRecipes.find((recipe) => recipe.title === 'Engadiner Nusstorte')!;
  const vreni = await createAccount('Vreni Frei');
  const recipe = await createRecipe(vreni, {
    ...pick(nusstorte, ['title', 'lead', 'category', 'level', 'duration', 'quantity', 'tags', 'description', 'additional']),
    imageId: await createImage(vreni.id, 40),
    // Rated, as on the demo blog: the stars in the head put the break where the address was printed over the list.
    ratingSum: 9,
    ratingCount: 2,
    ingredients: [...nusstorte.ingredients, ...nusstorte.ingredients, ...nusstorte.ingredients.map((row, i) => (i === 9 ? { ...row, name: 'Zuletzt' } : row))],
  });
  const page = await openPage('desktop');
  await page.goto(`/detail/${recipe.id}`);
  const file = test.info().outputPath('long-recipe.pdf');
  await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true });
  const words = pdfWords(file);
  expect(new Set(words.map((word) => word.page)).size).toBeGreaterThan(1);
  const source = words.find((word) => word.text === 'Quelle:')!;
  expect(words.some((word) => word.text === `${app.url}/detail/${recipe.id}`)).toBe(true);
  const overlapping = words.filter(
    (word) => word.page === source.page && word.y.min < source.y.max - 0.5 && word.y.max > source.y.min + 0.5 && !word.text.startsWith(app.url) && word !== source,
  );
  expect(overlapping.map((word) => word.text)).toEqual([]);
  // The last ingredient is printed, above the address.
  const last = words.find((word) => word.text === 'Zuletzt')!;
  expect([last.page, last.y.max <= source.y.min]).toEqual([source.page, true]);
});

/** The words of a PDF with their page and vertical extent (poppler's pdftotext -bbox). */
function pdfWords(file: string) {
  const xhtml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Array<{ page: number; text: string; y: { min: number; max: number } }> = [];
  let page = 0;
  for (const match of xhtml.matchAll(/<page |<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page ') page += 1;
    else words.push({ page, text: match[3]!.replaceAll('&amp;', '&'), y: { min: Number(match[1]), max: Number(match[2]) } });
  }
  return words;
}

function pick<T extends object, K extends keyof T>(object: T, keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>;
}
