// A blog with recipes: the home, category, tag and detail screens, the links
// between them, and the 404s — at phone and desktop width.
import { seedFullBlog, type FullBlog } from '../support/full-blog.ts';
import { accessibilityViolations } from './support/axe.ts';
import { expect, hydrated, journeys } from './support/fixtures.ts';

const test = journeys();
let ids: FullBlog;

test.beforeAll(async ({ app }) => {
  void app; // the factories write into the app's database
  ids = await seedFullBlog();
});

test('home features the newest recipe, lists the rest and the spring recipes (desktop)', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/');
  await expect(page.getByRole('main').locator('section').first().getByRole('link', { name: 'Melde dich an' })).toHaveAttribute('href', '/login');
  const featured = page.getByRole('article').first();
  await expect(featured.getByRole('heading', { name: 'Bärlauch-Risotto' })).toBeVisible();
  await expect(featured.getByText('Cremiger Risotto mit frischem Bärlauch aus dem Wald.')).toBeVisible();
  await expect(featured.getByRole('img', { name: /Bewertung: 3,5 von 5 Sternen \(2 Bewertungen\)/ })).toBeVisible();
  await expect(featured.getByRole('link', { name: 'Zum Rezept' })).toHaveAttribute('href', `/detail/${ids.newest}`);

  const grid = page.getByRole('region', { name: 'Weitere Rezepte' });
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText(['Aargauer Rüeblitorte', 'Mailänderli', 'Risotto mit Spargeln']);
  // Two columns beside the spring list (from md, 900 px): the first two cards share a row.
  const cards = grid.getByRole('listitem');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.y).toBe(second!.y);

  const spring = page.getByRole('region', { name: 'Der Frühling kommt' });
  await expect(spring.getByRole('heading', { level: 3 })).toHaveText(['Bärlauch-Risotto', 'Aargauer Rüeblitorte', 'Risotto mit Spargeln']);

  // Hydrated first: a client-side navigation, and the page's JavaScript has run (see errors below).
  await hydrated(page);
  await grid.getByRole('link', { name: 'Mailänderli' }).click();
  await expect(page).toHaveURL(`/detail/${ids.cookies}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mailänderli', exact: true })).toBeVisible();
  expect(page.errors).toEqual([]);
});

test("the blog's links open in the page; with Ctrl, in a new tab, and this page stays", async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/');
  await hydrated(page);
  const grid = page.getByRole('region', { name: 'Weitere Rezepte' });

  const newTab = page.context().waitForEvent('page');
  await grid.getByRole('link', { name: 'Mailänderli' }).click({ modifiers: ['ControlOrMeta'] });
  await expect(await newTab).toHaveURL(new RegExp(`/detail/${ids.cookies}$`));
  await expect(page).toHaveURL('/');

  // A page that is not loaded anew keeps what its JavaScript set.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await grid.getByRole('link', { name: 'Mailänderli' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mailänderli', exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL('/');
  expect(page.errors).toEqual([]);
});

test('home stacks into one column on a phone and the menu opens the categories', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/');
  await hydrated(page);
  const cards = page.getByRole('region', { name: 'Weitere Rezepte' }).getByRole('listitem');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y);
  await expect(page.getByRole('link', { name: 'Hauptgang' })).toBeHidden();

  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await page.getByRole('menuitem', { name: 'Backen' }).click();
  await expect(page).toHaveURL('/backen');
  await expect(page.getByRole('heading', { level: 1, name: 'Backen', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await expect(page.getByRole('menuitem', { name: 'Backen' })).toHaveAttribute('aria-current', 'page');
  // A recipe of the category: the menu marks the category as the one it belongs to.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Aargauer Rüeblitorte' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aargauer Rüeblitorte' })).toBeVisible();
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await expect(page.getByRole('menuitem', { name: 'Backen' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('menuitem', { name: 'Hauptgang' })).not.toHaveAttribute('aria-current');
  expect(page.errors).toEqual([]);
});

test('category pages list their recipes and side columns', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/hauptgang');
  const titles = await page.getByRole('main').locator('h3').allTextContents();
  expect(titles).toEqual(expect.arrayContaining(['Bärlauch-Risotto', 'Risotto mit Spargeln']));
  await expect(page.getByRole('region', { name: 'Vegetarisch' }).getByRole('heading', { level: 3 })).toHaveText(['Bärlauch-Risotto']);
  // The cards do not repeat the page's category on their pictures (a tag's page shows it, below).
  await expect(page.getByRole('main').locator('article').getByText('Hauptgang', { exact: true })).toHaveCount(0);
  // Each page hydrated before the next replaces it: the errors asserted below include React's.
  await hydrated(page);

  await page.goto('/backen');
  await expect(page.getByRole('region', { name: 'Torten & Kuchen' }).getByRole('heading', { level: 3 })).toHaveText(['Aargauer Rüeblitorte']);
  await expect(page.getByRole('region', { name: 'Weihnachtsguetzli' }).getByRole('heading', { level: 3 })).toHaveText(['Mailänderli']);
  await hydrated(page);

  await page.goto('/dessert');
  await expect(page.getByText('Es wurden noch keine Rezepte erfasst')).toBeVisible();
  await hydrated(page);
  expect(page.errors).toEqual([]);
});

test('tag pages accept URL-encoded tags; unknown tags are a real 404; /tags goes home', async ({ openPage }) => {
  const page = await openPage();
  let response = await page.goto('/tags/S%C3%BCss');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('main').locator('h3')).toHaveText(['Aargauer Rüeblitorte', 'Mailänderli']);
  await expect(page.getByRole('main').locator('article').getByText('Backen', { exact: true })).toHaveCount(2);

  response = await page.goto('/tags/Torten%20%26%20Kuchen');
  await expect(page.getByRole('main').locator('h3')).toHaveText(['Aargauer Rüeblitorte']);

  // A list with the page's width (no side column) has three columns from md (900 px) on: at 1280 px
  // its first three cards share a row, each a third of it.
  await page.goto('/tags/Fr%C3%BChling');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
  expect(new Set(boxes.map((box) => box.y)).size).toBe(1);
  const listWidth = (await page.getByRole('main').getByRole('list').boundingBox())!.width;
  for (const box of boxes) expect(box.width).toBeCloseTo((listWidth - 2 * 24) / 3, 0);

  response = await page.goto('/tags/Scharf');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Es wurden keine Blogs mit diesem Tag gefunden')).toBeVisible();

  await page.goto('/tags');
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the detail page shows every element of the spec', async ({ openPage, app }) => {
  const page = await openPage();
  await page.goto(`/detail/${ids.newest}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bärlauch-Risotto');
  await expect(page.getByRole('img', { name: /Bewertung: 3,5 von 5 Sternen \(2 Bewertungen\)/ }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Bärlauch-Risotto' })).toBeVisible();
  const facts = await page.locator('dl').innerText();
  expect(facts).toMatch(/Auf dem Tisch in:\s+35 Min\./);
  expect(facts).toMatch(/Kategorie:\s+Hauptgang/);
  // The navigation marks the recipe's category: the current item of the set, not the current page.
  const nav = page.getByRole('navigation', { name: 'Kategorien' });
  await expect(nav.getByRole('link', { name: 'Hauptgang' })).toHaveAttribute('aria-current', 'true');
  await expect(nav.locator('a[aria-current]')).toHaveCount(1);
  expect(facts).toMatch(/Schwierigkeitsgrad:\s+Mittel/);
  expect(facts).toMatch(/Rezept von:\s+Anna Graf/);
  const date = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Zurich' }).format(
    Date.now() - 86_400_000,
  );
  expect(facts).toMatch(new RegExp(`Erfasst am:\\s+${date}`));
  // The spec's mailto link, with the address kept out of the page (harvesting robots read pages).
  const contact = page.getByRole('link', { name: 'Autor kontaktieren' });
  await expect(contact).toHaveAttribute('href', `/detail/${ids.newest}/kontakt`);
  await expect(contact).toHaveAttribute('rel', 'nofollow');
  expect(await (await fetch(`${app.url}/detail/${ids.newest}`)).text()).not.toContain('anna@example.ch');
  const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
  const toMail = await fetch(`${app.url}/detail/${ids.newest}/kontakt`, { redirect: 'manual', headers: { 'user-agent': browserAgent } });
  expect(toMail.status).toBe(303);
  expect(toMail.headers.get('location')).toBe(`mailto:anna@example.ch?subject=${encodeURIComponent('Dein Rezept «Bärlauch-Risotto» im Chuchiblog')}`);
  expect(toMail.headers.get('cache-control')).toBe('private, no-store');
  const robot = await fetch(`${app.url}/detail/${ids.newest}/kontakt`, { redirect: 'manual', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
  expect(robot.status).toBe(403);
  expect(robot.headers.get('location')).toBeNull();

  const ingredients = page.getByRole('region', { name: 'Zutaten' });
  await expect(ingredients.getByText('für 4 Personen')).toBeVisible();
  expect(await ingredients.getByRole('row').allInnerTexts()).toEqual(['300 g\tRisottoreis', '1 Bund\tBärlauch', '\tSalz und Pfeffer']);
  await expect(page.getByRole('region', { name: 'Zubereitung' })).toContainText('Reis beigeben und mit Bouillon ablöschen.');
  await expect(page.getByRole('region', { name: 'Tipps & Tricks' })).toContainText('Bärlauch erst am Schluss beigeben.');

  const share = page.getByRole('region', { name: 'Rezept teilen' });
  const shareUrl = encodeURIComponent(`${app.url}/detail/${ids.newest}`);
  await expect(share.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', new RegExp(escapeRegExp(shareUrl)));
  await expect(share.getByRole('link', { name: 'Whatsapp' })).toHaveAttribute('href', new RegExp(escapeRegExp(shareUrl)));
  await expect(share.getByRole('link', { name: 'E-Mail' })).toHaveAttribute('href', /^mailto:\?subject=.*body=.*/);

  const similar = page.getByRole('region', { name: 'Ähnliche Rezepte' });
  expect(await similar.getByRole('heading', { level: 3 }).allTextContents()).toContain('Risotto mit Spargeln');
  // Compact rows (picture, title, stars), not full cards: they keep the comments near.
  expect((await similar.boundingBox())!.height).toBeLessThan(400);

  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByRole('listitem')).toHaveCount(2);
  await expect(comments.getByText('Nächstes Mal mit mehr Käse.')).toBeVisible();
  // User text is text: the markup shows literally, no <b> element exists.
  await expect(comments.getByText('<b>Super</b>')).toBeVisible();
  await expect(comments.locator('b')).toHaveCount(0);

  // Hydrated first: a client-side navigation, and the page's JavaScript has run (see errors below).
  await hydrated(page);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Vegetarisch' }).click();
  await expect(page).toHaveURL('/tags/Vegetarisch');
  await expect(page.getByRole('heading', { level: 1, name: 'Vegetarisch', exact: true })).toBeVisible();
  await expect(page.getByRole('main').locator('h3')).toHaveText(['Bärlauch-Risotto']);
  expect(page.errors).toEqual([]);
});

test('"Autor kontaktieren" opens the mail program in a browser; a headless robot gets the German refusal', async ({ openPage }) => {
  // A person's browser: the click ends in the mailto: address, the recipe stays open.
  const page = await openPage('desktop', {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  });
  await page.goto(`/detail/${ids.newest}`);
  const mailto = new Promise<string>((resolve) => page.on('request', (r) => r.url().startsWith('mailto:') && resolve(r.url())));
  await page.getByRole('link', { name: 'Autor kontaktieren' }).click();
  expect(await mailto).toMatch(/^mailto:anna@example\.ch\?subject=/);

  // Headless Chromium says so in its user agent: it is refused, in German.
  const robot = await openPage();
  await robot.goto(`/detail/${ids.newest}`);
  await robot.getByRole('link', { name: 'Autor kontaktieren' }).click();
  await expect(robot.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  await expect(robot.getByText('Die Adresse der Autorin oder des Autors geben wir nur an Menschen weiter.')).toBeVisible();
});

test('a recipe without comments or picture shows the empty comment state and a placeholder', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto(`/detail/${ids.cookies}`);
  await expect(page.getByText('Dieses Rezept wurde noch nicht bewertet')).toBeVisible();
  await expect(page.getByText('Hast du es bereits ausprobiert? Dann freuen wir uns über deine Meinung!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Mailänderli (noch kein Bild)' })).toBeVisible();
  await expect(page.getByText('Tipps & Tricks')).toHaveCount(0);
});

test('bad ids, odd paths and long URLs give a 404 page, never a 500', async ({ openPage, app }) => {
  const paths = [
    '/detail/abc',
    '/detail/00000000-0000-4000-8000-000000000000',
    "/detail/1'%20or%20'1'='1",
    '/detail/%E0%A4%A',
    '/tags/%00',
    `/tags/${'x'.repeat(5000)}`,
    `/${'a/'.repeat(300)}`,
    '/gibt-es-nicht',
    '/images/00000000-0000-4000-8000-000000000000/480.jpg',
    '/images/../../etc/passwd',
  ];
  for (const path of paths) {
    const response = await fetch(`${app.url}${path}`);
    expect([404, 400], path).toContain(response.status);
  }
  const page = await openPage();
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('the first Tab shows "Zum Inhalt springen", which skips the header', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/hauptgang');
  await hydrated(page);
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // The next Tab lands in the page's content, not on the header's logo or menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('with the keyboard, a card followed hands the focus to the recipe\'s heading; a header link keeps it', async ({ openPage }) => {
  const page = await openPage('desktop');
  await page.goto('/hauptgang');
  await hydrated(page);
  const title = page.getByRole('main').getByRole('article').first().getByRole('heading', { level: 3 });
  const name = await title.innerText();
  await title.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\//);
  // The card is gone with its page: the focus is where the new page starts, not on <body>.
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  // A link that is still there after the navigation keeps the focus.
  const backen = page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: 'Backen' });
  await backen.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/backen');
  await expect(page.getByRole('heading', { level: 1, name: 'Backen' })).toBeVisible();
  // Checked after the page's effects have run: nothing took the focus away.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(backen).toBeFocused();
  expect(page.errors).toEqual([]);
});

test('a step back returns the focus to the card followed, where the page is scrolled to; a step forward to the link left by', async ({ openPage }) => {
  const page = await openPage('mobile');
  await page.goto('/hauptgang');
  await hydrated(page);
  // The last card's title, scrolled to the top of the screen.
  const cardLink = page.getByRole('main').getByRole('article').last().getByRole('heading', { level: 3 }).getByRole('link');
  await cardLink.evaluate((link) => link.scrollIntoView({ block: 'start' }));
  await cardLink.focus();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  const leftBy = await page.evaluate(() => document.activeElement?.getAttribute('href'));
  expect(leftBy).toBeTruthy();

  await page.goBack();
  await expect(page).toHaveURL('/hauptgang');
  await expect(page.getByRole('heading', { level: 1, name: 'Hauptgang' })).toBeVisible();
  // As a browser's back-forward cache would: the link followed, not the heading far above it.
  await expect(cardLink).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

  await page.goForward();
  await expect(page).toHaveURL(/\/detail\//);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(leftBy);
  expect(page.errors).toEqual([]);
});

test('with the keyboard, "Zur Startseite" on a 404 page hands the focus to the home page\'s heading', async ({ openPage }) => {
  const page = await openPage('desktop');
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  // From the error page to a page the layout is made anew; the rule holds there too.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

test('footer links lead to the home page, the imprint and the privacy page', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/backen');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2024 Chuchiblog')).toBeVisible();
  await footer.getByRole('link', { name: 'Impressum' }).click();
  await expect(page).toHaveURL('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum', exact: true })).toBeVisible();
  for (const heading of ['Haftungsausschluss', 'Nutzungsbedingungen', 'Urheberrechte', 'Anwendbares Recht und Gerichtsstand']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await footer.getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL('/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz', exact: true })).toBeVisible();
  for (const heading of ['Verantwortlich', 'Was wir speichern und zeigen', 'Was wir nicht tun', 'Wie lange wir Daten aufbewahren', 'Deine Rechte']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // What a report of a comment keeps, and that the owner's mail does not name the reporter.
  await expect(page.getByText(/Wenn du einen Kommentar meldest, speichern wir den Grund/)).toBeVisible();
  await expect(page.getByText(/nicht aber, wer gemeldet hat/)).toBeVisible();
  await footer.getByRole('link', { name: 'Startseite' }).click();
  await expect(page).toHaveURL('/');
});

// One test per screen: twelve axe analyses in one test came close to its time limit on a busy machine.
const screens: Array<[name: string, path: () => string]> = [
  ['home', () => '/'],
  ['a category', () => '/hauptgang'],
  ['a tag', () => '/tags/S%C3%BCss'],
  ['a recipe', () => `/detail/${ids.newest}`],
  ['the imprint', () => '/imprint'],
  ['the privacy page', () => '/datenschutz'],
];
for (const [name, path] of screens) {
  test(`${name} has no serious accessibility violations at phone and desktop width (axe-core)`, async ({ browser, app }) => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      expect(await accessibilityViolations(browser, `${app.url}${path()}`, viewport), `${path()} ${viewport}`).toEqual([]);
    }
  });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
