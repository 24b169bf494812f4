// A blog with recipes: the home, category, tag and detail screens, the links
// between them, and the 404s — at phone and desktop width.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createComment, createRecipe, createUser } from '../support/factories.ts';
import { accessibilityViolations } from './support/axe.ts';
import { launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { createImage } from './support/fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let browser: Browser;
const ids: Record<string, string> = {};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const anna = await createUser({ name: 'Anna Graf', email: 'anna@example.ch' });
  const beat = await createUser({ name: 'Beat Brunner', email: 'beat@example.ch' });
  const image = await createImage(anna.id, 25);
  ids.newest = (
    await createRecipe(anna, {
      title: 'Bärlauch-Risotto',
      lead: 'Cremiger Risotto mit frischem Bärlauch aus dem Wald.',
      category: 'Hauptgang',
      tags: ['Frühling', 'Vegetarisch'],
      imageId: image,
      createdAt: daysAgo(1),
      ratingSum: 7,
      ratingCount: 2,
      duration: 35,
      level: 'Mittel',
      quantity: 'für 4 Personen',
      ingredients: [
        { name: 'Risottoreis', amount: '300 g' },
        { name: 'Bärlauch', amount: '1 Bund' },
        { name: 'Salz und Pfeffer', amount: '' },
      ],
      description: 'Zwiebel andünsten.\n\nReis beigeben und mit Bouillon ablöschen.',
      additional: 'Bärlauch erst am Schluss beigeben.',
    })
  ).id;
  ids.cake = (
    await createRecipe(beat, {
      title: 'Aargauer Rüeblitorte',
      lead: 'Saftige Torte mit Rüebli und Mandeln.',
      category: 'Backen',
      tags: ['Süss', 'Torten & Kuchen', 'Frühling'],
      imageId: await createImage(beat.id, 35),
      createdAt: daysAgo(2),
    })
  ).id;
  ids.cookies = (
    await createRecipe(beat, {
      title: 'Mailänderli',
      lead: 'Buttrige Weihnachtsguetzli zum Ausstechen.',
      category: 'Backen',
      tags: ['Süss', 'Guetzli', 'Weihnachten'],
      createdAt: daysAgo(3),
    })
  ).id;
  ids.risotto2 = (
    await createRecipe(anna, {
      title: 'Risotto mit Spargeln',
      lead: 'Risotto mit grünen Spargeln und Parmesan.',
      category: 'Hauptgang',
      tags: ['Frühling'],
      createdAt: daysAgo(4),
    })
  ).id;
  await createComment(ids.newest, beat, { nickname: 'Beat', comment: 'Fein!\nNächstes Mal mit mehr Käse.', rating: 4 });
  await createComment(ids.newest, anna, { nickname: 'Anna', comment: '<b>Super</b>', rating: 3 });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('home features the newest recipe, lists the rest and the spring recipes (desktop)', async () => {
  const page = await openPage(browser, 'desktop');
  await page.goto(app.url);
  const featured = page.getByRole('article').first();
  expect(await featured.getByRole('heading', { name: 'Bärlauch-Risotto' }).isVisible()).toBe(true);
  expect(await featured.getByText('Cremiger Risotto mit frischem Bärlauch aus dem Wald.').isVisible()).toBe(true);
  expect(await featured.getByRole('img', { name: /Bewertung: 3,5 von 5 Sternen \(2 Bewertungen\)/ }).isVisible()).toBe(true);
  expect(await featured.getByRole('link', { name: 'Zum Rezept' }).getAttribute('href')).toBe(`/detail/${ids.newest}`);

  const grid = page.getByRole('region', { name: 'Weitere Rezepte' });
  expect(await grid.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Aargauer Rüeblitorte',
    'Mailänderli',
    'Risotto mit Spargeln',
  ]);
  // Two columns on large screens: the first two cards share a row.
  const cards = grid.getByRole('listitem');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.y).toBe(second!.y);

  const spring = page.getByRole('region', { name: 'Der Frühling kommt' });
  expect(await spring.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Bärlauch-Risotto',
    'Aargauer Rüeblitorte',
    'Risotto mit Spargeln',
  ]);

  // Hydrated first: a client-side navigation, and the page's JavaScript has run (see errors below).
  await waitForHydration(page);
  await grid.getByRole('link', { name: 'Mailänderli' }).click();
  await page.waitForURL(`${app.url}/detail/${ids.cookies}`);
  // Not expect.poll: it gives up after a second, and a client-side navigation can take longer.
  await page.getByRole('heading', { level: 1, name: 'Mailänderli', exact: true }).waitFor();
  expect(page.errors).toEqual([]);
  await page.context().close();
});

test('home stacks into one column on a phone and the menu opens the categories', async () => {
  const page = await openPage(browser, 'mobile');
  await page.goto(app.url);
  await waitForHydration(page);
  const cards = page.getByRole('region', { name: 'Weitere Rezepte' }).getByRole('listitem');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y);
  expect(await page.getByRole('link', { name: 'Hauptgang' }).isVisible()).toBe(false);

  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await page.getByRole('menuitem', { name: 'Backen' }).click();
  await page.waitForURL(`${app.url}/backen`);
  await page.getByRole('heading', { level: 1, name: 'Backen', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  expect(await page.getByRole('menuitem', { name: 'Backen' }).getAttribute('aria-current')).toBe('page');
  expect(page.errors).toEqual([]);
  await page.context().close();
});

test('category pages list their recipes and side columns', async () => {
  const page = await openPage(browser);
  await page.goto(`${app.url}/hauptgang`);
  const main = page.getByRole('main');
  expect(await main.locator('h3').allTextContents()).toEqual(expect.arrayContaining(['Bärlauch-Risotto', 'Risotto mit Spargeln']));
  const vegetarian = page.getByRole('region', { name: 'Vegetarisch' });
  expect(await vegetarian.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Bärlauch-Risotto']);
  // Each page hydrated before the next replaces it: the errors asserted below include React's.
  await waitForHydration(page);

  await page.goto(`${app.url}/backen`);
  expect(await page.getByRole('region', { name: 'Torten & Kuchen' }).getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Aargauer Rüeblitorte',
  ]);
  expect(await page.getByRole('region', { name: 'Weihnachtsguetzli' }).getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Mailänderli',
  ]);
  await waitForHydration(page);

  await page.goto(`${app.url}/dessert`);
  expect(await page.getByText('Es wurden noch keine Rezepte erfasst').isVisible()).toBe(true);
  await waitForHydration(page);
  expect(page.errors).toEqual([]);
  await page.context().close();
});

test('tag pages accept URL-encoded tags; unknown tags are a real 404; /tags goes home', async () => {
  const page = await openPage(browser);
  let response = await page.goto(`${app.url}/tags/S%C3%BCss`);
  expect(response?.status()).toBe(200);
  expect(await page.getByRole('main').locator('h3').allTextContents()).toEqual(['Aargauer Rüeblitorte', 'Mailänderli']);

  response = await page.goto(`${app.url}/tags/Torten%20%26%20Kuchen`);
  expect(await page.getByRole('main').locator('h3').allTextContents()).toEqual(['Aargauer Rüeblitorte']);

  response = await page.goto(`${app.url}/tags/Scharf`);
  expect(response?.status()).toBe(404);
  expect(await page.getByText('Es wurden keine Blogs mit diesem Tag gefunden').isVisible()).toBe(true);

  await page.goto(`${app.url}/tags`);
  expect(new URL(page.url()).pathname).toBe('/');
  await page.context().close();
});

test('the detail page shows every element of the spec', async () => {
  const page = await openPage(browser);
  await page.goto(`${app.url}/detail/${ids.newest}`);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bärlauch-Risotto');
  expect(await page.getByRole('img', { name: /Bewertung: 3,5 von 5 Sternen \(2 Bewertungen\)/ }).first().isVisible()).toBe(true);
  expect(await page.getByRole('img', { name: 'Bärlauch-Risotto' }).isVisible()).toBe(true);
  const facts = await page.locator('dl').innerText();
  expect(facts).toMatch(/Auf dem Tisch in:\s+35 Min\./);
  expect(facts).toMatch(/Kategorie:\s+Hauptgang/);
  expect(facts).toMatch(/Schwierigkeitsgrad:\s+Mittel/);
  expect(facts).toMatch(/Rezept von:\s+Anna Graf/);
  const date = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Zurich' }).format(
    Date.now() - 86_400_000,
  );
  expect(facts).toContain(`Erfasst am:\n${date}`.replace('\n', facts.includes('Erfasst am:\t') ? '\t' : '\n'));
  // The spec's mailto link, with the address kept out of the page (harvesting robots read pages).
  const contact = page.getByRole('link', { name: 'Autor kontaktieren' });
  expect(await contact.getAttribute('href')).toBe(`/detail/${ids.newest}/kontakt`);
  expect(await contact.getAttribute('rel')).toBe('nofollow');
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
  expect(await ingredients.getByText('für 4 Personen').isVisible()).toBe(true);
  expect(await ingredients.getByRole('row').allInnerTexts()).toEqual(['300 g\tRisottoreis', '1 Bund\tBärlauch', '\tSalz und Pfeffer']);
  expect(await page.getByRole('region', { name: 'Zubereitung' }).innerText()).toContain('Reis beigeben und mit Bouillon ablöschen.');
  expect(await page.getByRole('region', { name: 'Tipps & Tricks' }).innerText()).toContain('Bärlauch erst am Schluss beigeben.');

  const share = page.getByRole('region', { name: 'Rezept teilen' });
  const shareUrl = encodeURIComponent(`${app.url}/detail/${ids.newest}`);
  expect(await share.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain(shareUrl);
  expect(await share.getByRole('link', { name: 'Whatsapp' }).getAttribute('href')).toContain(shareUrl);
  expect(await share.getByRole('link', { name: 'E-Mail' }).getAttribute('href')).toMatch(/^mailto:\?subject=.*body=.*/);

  const similar = page.getByRole('region', { name: 'Ähnliche Rezepte' });
  expect(await similar.getByRole('heading', { level: 3 }).allTextContents()).toContain('Risotto mit Spargeln');

  const comments = page.getByRole('region', { name: 'Kommentare' });
  expect(await comments.getByRole('listitem').count()).toBe(2);
  expect(await comments.getByText('Nächstes Mal mit mehr Käse.').isVisible()).toBe(true);
  // User text is text: the markup shows literally, no <b> element exists.
  expect(await comments.getByText('<b>Super</b>').isVisible()).toBe(true);
  expect(await comments.locator('b').count()).toBe(0);

  // Hydrated first: a client-side navigation, and the page's JavaScript has run (see errors below).
  await waitForHydration(page);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Vegetarisch' }).click();
  await page.waitForURL(`${app.url}/tags/Vegetarisch`);
  await page.getByRole('heading', { level: 1, name: 'Vegetarisch', exact: true }).waitFor();
  expect(await page.getByRole('main').locator('h3').allTextContents()).toEqual(['Bärlauch-Risotto']);
  expect(page.errors).toEqual([]);
  await page.context().close();
});

test('"Autor kontaktieren" opens the mail program in a browser; a headless robot gets the German refusal', async () => {
  // A person's browser: the click ends in the mailto: address, the recipe stays open.
  const person = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' });
  const page = await person.newPage();
  await page.goto(`${app.url}/detail/${ids.newest}`);
  const mailto = new Promise<string>((resolve) => page.on('request', (r) => r.url().startsWith('mailto:') && resolve(r.url())));
  await page.getByRole('link', { name: 'Autor kontaktieren' }).click();
  expect(await mailto).toMatch(/^mailto:anna@example\.ch\?subject=/);
  await person.close();

  // Headless Chromium says so in its user agent: it is refused, in German.
  const robot = await openPage(browser);
  await robot.goto(`${app.url}/detail/${ids.newest}`);
  await robot.getByRole('link', { name: 'Autor kontaktieren' }).click();
  await robot.getByRole('heading', { name: 'Kein Zugriff' }).waitFor();
  expect(await robot.getByText('Die Adresse der Autorin oder des Autors geben wir nur an Menschen weiter.').isVisible()).toBe(true);
  await robot.context().close();
});

test('a recipe without comments or picture shows the empty comment state and a placeholder', async () => {
  const page = await openPage(browser, 'mobile');
  await page.goto(`${app.url}/detail/${ids.cookies}`);
  expect(await page.getByText('Dieses Rezept wurde noch nicht bewertet').isVisible()).toBe(true);
  expect(await page.getByText('Hast du es bereits ausprobiert? Dann freuen wir uns über deine Meinung!').isVisible()).toBe(true);
  expect(await page.getByRole('img', { name: 'Mailänderli (noch kein Bild)' }).isVisible()).toBe(true);
  expect(await page.getByText('Tipps & Tricks').count()).toBe(0);
  await page.context().close();
});

test('the server renders the content into the HTML (no client-only rendering)', async () => {
  const response = await fetch(`${app.url}/detail/${ids.newest}`);
  const html = await response.text();
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(html).toContain('Bärlauch-Risotto');
  expect(html).toContain('Risottoreis');
  expect(html).toContain('Reis beigeben und mit Bouillon ablöschen.');
  expect(html).toContain(`<meta property="og:url" content="${app.url}/detail/${ids.newest}"/>`);
  // The share preview's picture: the 1200 × 630 crop (tests/e2e/seo.test.ts checks the rest).
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\/[0-9a-f-]+\/og\.jpg"\/>/);
  // Emotion's critical CSS is inlined, so the first paint is styled.
  expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  // Inline scripts run by this response's nonce, or by their hashes when the page comes from the page cache.
  expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'nonce-[^']+'| 'sha256-[^']+')+;/);
  expect(/script-src [^;]*/.exec(response.headers.get('content-security-policy')!)![0]).not.toContain('unsafe-inline');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
});

test('bad ids, odd paths and long URLs give a 404 page, never a 500', async () => {
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
  const page = await openPage(browser);
  const response = await page.goto(`${app.url}/gibt-es-nicht`);
  expect(response?.status()).toBe(404);
  expect(await page.getByRole('heading', { name: 'Seite nicht gefunden' }).isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await page.waitForURL(`${app.url}/`);
  await page.context().close();
});

test('images are served in three formats with long-lived caching', async () => {
  const html = await (await fetch(`${app.url}/detail/${ids.newest}`)).text();
  const [, imageId] = /\/images\/([0-9a-f-]{36})\/960\.avif/.exec(html) ?? [];
  expect(imageId).toBeDefined();
  for (const [file, type] of [
    ['480.avif', 'image/avif'],
    ['960.webp', 'image/webp'],
    ['960.jpg', 'image/jpeg'],
  ]) {
    const response = await fetch(`${app.url}/images/${imageId}/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  }
});

test('footer links lead to the home page and the imprint', async () => {
  const page = await openPage(browser);
  await page.goto(`${app.url}/backen`);
  const footer = page.getByRole('contentinfo');
  expect(await footer.getByText('© 2024 Chuchiblog').isVisible()).toBe(true);
  await footer.getByRole('link', { name: 'Impressum' }).click();
  await page.waitForURL(`${app.url}/imprint`);
  await page.getByRole('heading', { level: 1, name: 'Impressum', exact: true }).waitFor();
  for (const heading of ['Haftungsausschluss', 'Nutzungsbedingungen', 'Urheberrechte', 'Anwendbares Recht und Gerichtsstand']) {
    expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
  }
  await footer.getByRole('link', { name: 'Startseite' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.context().close();
});

test('the public screens have no serious accessibility violations (axe-core)', async () => {
  for (const path of ['/', '/hauptgang', '/tags/S%C3%BCss', `/detail/${ids.newest}`, '/imprint']) {
    for (const viewport of ['mobile', 'desktop'] as const) {
      expect(await accessibilityViolations(browser, `${app.url}${path}`, viewport), `${path} ${viewport}`).toEqual([]);
    }
  }
});
