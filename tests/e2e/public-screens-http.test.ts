// The public screens over plain HTTP: the server renders the content into
// the HTML with a strict CSP, and pictures come in three formats with
// long-lived caching. (The screens in a browser: tests/browser/public-screens-full.spec.ts.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedFullBlog, type FullBlog } from '../support/full-blog.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let ids: FullBlog;

beforeAll(async () => {
  app = await startTestApp();
  ids = await seedFullBlog();
});

afterAll(async () => {
  await app?.stop();
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
  // The first paint is styled by the page's own stylesheets; a recipe uses no MUI, so no Emotion styles
  // (a MUI component here would fall back to MUI's default theme: see the next test).
  expect(html).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/[^"]+\.css"/);
  expect(html).not.toContain('data-emotion');
  // Inline scripts run by this response's nonce, or by their hashes when the page comes from the page cache.
  expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'nonce-[^']+'| 'sha256-[^']+')+;/);
  expect(/script-src [^;]*/.exec(response.headers.get('content-security-policy')!)![0]).not.toContain('unsafe-inline');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
});

test('home, a category, a tag, a recipe and the error screen render without MUI; the pages with forms inline its critical CSS', async () => {
  for (const path of ['/', '/hauptgang', `/tags/${encodeURIComponent('Frühling')}`, `/detail/${ids.newest}`, '/gibt-es-nicht']) {
    expect(await (await fetch(`${app.url}${path}`)).text(), path).not.toContain('data-emotion');
  }
  // The login form is MUI: its styles come inlined, so its first paint is styled too.
  expect(await (await fetch(`${app.url}/login`)).text()).toMatch(/<style data-emotion="css [^"]+"[^>]*>[^<]*\.css-[a-z0-9]+\{/);
});

test('the body text\'s font is preloaded from <head>, and it is the file the stylesheet\'s @font-face names', async () => {
  const html = await (await fetch(`${app.url}/`)).text();
  const preload = /<link [^>]*rel="preload" href="(\/assets\/lora-latin-400-normal-[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/.exec(html);
  expect(preload, 'preload link for Lora 400').not.toBeNull();
  const fontPath = preload![1]!;
  const font = await fetch(`${app.url}${fontPath}`);
  expect(font.status).toBe(200);
  expect(font.headers.get('cache-control')).toContain('immutable');
  // The same URL in a stylesheet's @font-face: the preload is used, not fetched twice.
  const stylesheets = [...html.matchAll(/<link [^>]*rel="stylesheet" href="([^"#]+)#?"/g)].map((match) => match[1]);
  const css = (await Promise.all(stylesheets.map(async (href) => (await fetch(`${app.url}${href}`)).text()))).join('\n');
  expect(css).toMatch(new RegExp(`font-style:normal;[^}]*font-weight:400;src:url\\(${fontPath.replaceAll('.', '\\.')}\\)`));
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

test('the privacy page is public, server-rendered, linked from the footer, and names the owner from the imprint settings', async () => {
  const response = await fetch(`${app.url}/datenschutz`);
  expect(response.status).toBe(200);
  // React marks where text and a value meet with <!-- -->; the reader sees neither.
  const html = (await response.text()).replaceAll('<!-- -->', '');
  expect(html).toContain('<h1');
  for (const heading of ['Verantwortlich', 'Was wir speichern und zeigen', 'Was wir nicht tun', 'Wie lange wir Daten aufbewahren', 'Deine Rechte']) {
    expect(html).toContain(`>${heading}</h2>`);
  }
  // SITE_OWNER is not set in the test app: the imprint's placeholder, as the imprint shows it.
  expect(html).toContain('Muster Kochstube, Anna Muster');
  expect(html).toContain('30 Tage ab der Anmeldung');
  expect(html).toContain('spätestens nach 2 Stunden'); // the longest default window (1 h) plus the hourly sweep
  expect(html).toContain('behält die letzten 7'); // the embedded database's backups
  expect(html).toContain('Kein Tracking, keine Analyse-Werkzeuge, keine Werbung.');
  expect(html).toContain('href="/konto"');
  expect(html).not.toContain('ß');
  // Every page's footer links it, beside the imprint.
  const home = await (await fetch(`${app.url}/`)).text();
  expect(home).toMatch(/href="\/imprint"[^>]*>Impressum<\/a><a [^>]*href="\/datenschutz"[^>]*>Datenschutz<\/a>/);
});

test('a category typed in other letters case leads to the category for good (301), the page number kept', async () => {
  for (const [typed, page] of [
    ['Dessert', '?seite=2'],
    ['HAUPTGANG', ''],
  ]) {
    const response = await fetch(`${app.url}/${typed}${page}`, { redirect: 'manual' });
    expect(response.status, typed).toBe(301);
    expect(response.headers.get('location'), typed).toBe(`/${typed!.toLowerCase()}${page}`);
  }
});

test('/impressum, the German word for it, leads to the imprint for good (301)', async () => {
  const response = await fetch(`${app.url}/impressum`, { redirect: 'manual' });
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe('/imprint');
  const page = await fetch(`${app.url}/impressum`);
  expect(page.url).toBe(`${app.url}/imprint`);
  expect(await page.text()).toContain('Impressum');
});

test('a tag typed in other letters case leads to the tag for good (301), the page number kept; an unknown tag stays a 404', async () => {
  for (const [typed, page] of [
    ['frühling', '?seite=2'],
    ['FRÜHLING', ''],
  ]) {
    const response = await fetch(`${app.url}/tags/${encodeURIComponent(typed!)}${page}`, { redirect: 'manual' });
    expect(response.status, typed).toBe(301);
    expect(response.headers.get('location'), typed).toBe(`/tags/${encodeURIComponent('Frühling')}${page}`);
  }
  const unknown = await fetch(`${app.url}/tags/Fruehling`, { redirect: 'manual' });
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Es wurden keine Blogs mit diesem Tag gefunden');
});
