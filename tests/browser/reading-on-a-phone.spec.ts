// Reading on a phone, as a new reader would: categories reachable without
// JavaScript, no sideways scrolling for long Swiss compounds, addresses or tags,
// the floating button never over the recipe, and a jump to the ingredients.
import { createAccount } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { expect, hydrated, journeys, logInAndGo, type Account } from './support/fixtures.ts';

const test = journeys();
let vreni: Account;
let longPath: string;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  vreni = await createAccount('Vreni Baumann');
  const recipe = await createRecipe(vreni, {
    title: 'Vierwaldstätterseefelchenfiletknusperli',
    tags: ['Salzig'],
    // Long names and an amount as long as the form allows (40 characters): the table wraps them.
    ingredients: [
      { name: 'Schweinsnierstückbraten', amount: '800 g' },
      { name: 'Kalbsbratwurstbrät', amount: '200 g' },
      { name: 'Mehl', amount: '1 gehäufter Esslöffel (ca. 15 g) oder so' },
    ],
    description: `Nach dem Rezept von https://www.example.ch/rezepte/fisch/vierwaldstaettersee/felchenfilet-knusperli-mit-kraeuterpanade-und-zitronenmayonnaise-nach-art-des-hauses\n\nFilets panieren und ausbacken.`,
  });
  longPath = `/detail/${recipe.id}`;
});

test('without JavaScript the menu button opens the categories at phone width, and a link closes them', async ({ openPage }) => {
  const page = await openPage('mobile', { javaScriptEnabled: false });
  await page.goto('/');
  const categories = page.getByRole('navigation', { name: 'Kategorien' });
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeHidden();
  // A plain link to the list without JavaScript (no menu button a screen reader would announce).
  await expect(categories.getByRole('button', { name: 'Navigation öffnen' })).toHaveCount(0);
  await categories.getByRole('link', { name: 'Navigation öffnen' }).click();
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeVisible();
  // Nothing else closes it without JavaScript.
  await categories.getByRole('link', { name: 'Navigation schliessen' }).click();
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeHidden();
  await categories.getByRole('link', { name: 'Navigation öffnen' }).click();
  await categories.getByRole('link', { name: 'Backen' }).click();
  await expect(page).toHaveURL('/backen');
  await expect(page.getByRole('heading', { level: 1, name: 'Backen', exact: true })).toBeVisible();
});

test('a tap on the menu button opens the categories as soon as their code is there', async ({ openPage }) => {
  const page = await openPage('mobile', { hasTouch: true, isMobile: true });
  await page.goto('/');
  await hydrated(page);
  // From the tap on: when the last script arrived, and the time of each frame that had no menu yet.
  await page.evaluate(() => {
    const record = { scriptsArrived: 0, framesWithoutMenu: [] as number[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.name.endsWith('.js')) record.scriptsArrived = Math.max(record.scriptsArrived, entry.responseEnd);
      }
    }).observe({ type: 'resource' });
    const frame = (time: number) => {
      if (document.querySelector('[role="menu"]')) return;
      record.framesWithoutMenu.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    Object.assign(window, { menuRecord: record });
  });
  await page.getByRole('button', { name: 'Navigation öffnen' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Hauptgang' })).toBeVisible();
  const { scriptsArrived, framesWithoutMenu } = await page.evaluate(
    () => (window as unknown as { menuRecord: { scriptsArrived: number; framesWithoutMenu: number[] } }).menuRecord,
  );
  expect(scriptsArrived, "the menu's code is fetched on the first tap").toBeGreaterThan(0);
  // The frames its code takes to run and React to render it (0 or 1 here); React's 300 ms for a part that
  // waited in Suspense left 12–16 frames after the code had arrived.
  expect(framesWithoutMenu.filter((time) => time > scriptsArrived).length).toBeLessThanOrEqual(6);
});

test("when the menu's code cannot be fetched (offline, or a new build on the server), the tap opens the categories' list instead of an error; it closes as without JavaScript and on the next page", async ({ openPage }) => {
  const page = await openPage('mobile', { hasTouch: true, isMobile: true });
  await page.route(/\/assets\/category-menu-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await hydrated(page);
  const categories = page.getByRole('navigation', { name: 'Kategorien' });
  const openList = () => categories.getByRole('button', { name: 'Navigation öffnen' }).tap();
  await openList();
  // The list the button leads to without JavaScript, in place; it closes as it does there.
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Chuchiblog!');
  await categories.getByRole('link', { name: 'Navigation schliessen' }).tap();
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeHidden();
  // A link of it leads on, and the next page starts with it closed.
  await openList();
  await categories.getByRole('link', { name: 'Backen' }).tap();
  await expect(page).toHaveURL('/backen');
  await expect(page.getByRole('heading', { level: 1, name: 'Backen', exact: true })).toBeVisible();
  await expect(categories.getByRole('link', { name: 'Backen' })).toBeHidden();
  expect(page.errors.filter((error) => !/category-menu|Failed to load resource/.test(error))).toEqual([]);
});

test('a long compound in the title, long ingredients and a long address in the steps never make the page wider than the phone', async ({ openPage }) => {
  const page = await openPage('mobile');
  for (const path of [longPath, '/', '/hauptgang', '/tags/Salzig']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(375);
  }
});

test('at 320 px, the narrowest phone, neither the footer nor a long tag in the heading scrolls sideways', async ({ openPage }) => {
  const page = await openPage('mobile', { viewport: { width: 320, height: 640 } });
  for (const path of ['/imprint', `/tags/${encodeURIComponent('Torten & Kuchen')}`, `/tags/${'Vierwaldstättersee'.repeat(4)}`]) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
});

test('"Zum Rezept" jumps to the ingredients', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto(longPath);
  const ingredients = page.getByRole('heading', { name: 'Zutaten' });
  await expect(ingredients).not.toBeInViewport();
  await page.getByRole('link', { name: 'Zum Rezept' }).click();
  await expect(ingredients).toBeInViewport();
});

test('the floating "Rezept erfassen" button never covers the footer\'s last line; the footer reaches below it', async ({ openPage }) => {
  const page = await openPage('mobile');
  await logInAndGo(page, longPath, vreni.email);
  const fab = page.getByRole('link', { name: 'Rezept erfassen' });
  await expect(fab).toBeVisible();
  // Scrolled to the end, the footer's last line is above the button, not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const copyright = await page.getByText('© 2024 Chuchiblog').boundingBox();
  const button = await fab.boundingBox();
  expect(copyright!.y + copyright!.height).toBeLessThanOrEqual(button!.y);
  // The dark footer itself reaches below the button: no light band under it.
  const pageEnd = await page.evaluate(() => [document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY, document.documentElement.scrollHeight]);
  expect(Math.abs(pageEnd[0]! - pageEnd[1]!)).toBeLessThan(1);

  // On a desktop the button floats beside the content, and the footer's last line stays above it.
  const desktop = await openPage('desktop', { storageState: await page.context().storageState() });
  await desktop.goto(longPath);
  const desktopFab = desktop.getByRole('link', { name: 'Rezept erfassen' });
  await expect(desktopFab).toBeVisible();
  await desktop.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const desktopCopyright = await desktop.getByText('© 2024 Chuchiblog').boundingBox();
  expect(desktopCopyright!.y + desktopCopyright!.height).toBeLessThanOrEqual((await desktopFab.boundingBox())!.y);
});

test('at 1280 px the ingredients stay in view beside the steps while they scroll', async ({ openPage }) => {
  const steps = Array.from({ length: 14 }, (_, i) => `${i + 1}. Schritt ${i + 1}: ${'Rühren und abschmecken, dann weiterkochen. '.repeat(4)}`);
  const recipe = await createRecipe(vreni, { title: 'Berner Platte', description: steps.join('\n\n') });
  const page = await openPage('desktop');
  await page.goto(`/detail/${recipe.id}`);
  await page.locator('#schritt-14').scrollIntoViewIfNeeded();
  await expect(page.locator('#schritt-14')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Zutaten' })).toBeInViewport();
  // Beside, not below: the ingredients' column starts right of the steps.
  const stepBox = (await page.locator('#schritt-14').boundingBox())!;
  const ingredientsBox = (await page.getByRole('region', { name: 'Zutaten' }).boundingBox())!;
  expect(ingredientsBox.x).toBeGreaterThan(stepBox.x + stepBox.width);
});

test('at 1280 px a long ingredient list scrolls in its column and ends above the floating button', async ({ openPage }) => {
  const ingredients = Array.from({ length: 24 }, (_, i) => ({ name: `Zutat ${i + 1}`, amount: `${i + 1} g` }));
  const steps = Array.from({ length: 14 }, (_, i) => `${i + 1}. Schritt ${i + 1}: ${'Rühren und abschmecken, dann weiterkochen. '.repeat(4)}`);
  const recipe = await createRecipe(vreni, { title: 'Grosse Berner Platte', ingredients, description: steps.join('\n\n') });
  const page = await openPage('desktop');
  await logInAndGo(page, `/detail/${recipe.id}`, vreni.email);
  const fab = page.getByRole('link', { name: 'Rezept erfassen' });
  await expect(fab).toBeVisible();
  // Scrolled into the steps, the column is stuck at the top: its box ends above the button.
  await page.locator('#schritt-10').scrollIntoViewIfNeeded();
  const columnBox = (await page.locator('[data-print="ingredients"]').boundingBox())!;
  expect(columnBox.y).toBeCloseTo(24, 0);
  const fabBox = (await fab.boundingBox())!;
  expect(columnBox.y + columnBox.height).toBeLessThanOrEqual(fabBox.y);
  // The last ingredient is below the column's end, and the column scrolls to it.
  const last = page.getByRole('cell', { name: 'Zutat 24', exact: true });
  await expect(last).not.toBeInViewport();
  await page.mouse.move(columnBox.x + columnBox.width / 2, columnBox.y + columnBox.height / 2);
  await page.mouse.wheel(0, 2000);
  await expect(last).toBeInViewport({ ratio: 1 });
  // Scrolled to its end, the column shows its last row whole, above the button.
  await expect.poll(async () => (await page.locator('[data-print="ingredients"]').evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))).toBeLessThanOrEqual(1);
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(fabBox.y);
});
