// The anonymous page cache over real HTTP: exact after every write, never a
// person's page for someone else, never steered by headers or junk
// parameters, right about encodings, ETags and the CSP. (That a cached page
// runs its scripts in a browser: tests/browser/page-cache.spec.ts.)
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '../../app/db/client.server.ts';
import { createComment, createRecipe } from '../support/factories.ts';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { arriveTogether, requestAsSent, type AnswerAsSent } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof createAccount>>;
let ownerCookie: string;
let reader: Awaited<ReturnType<typeof createAccount>>;
let readerCookie: string;
let recipeId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createAccount('Beat Keller');
  reader = await createAccount('Chiara Rossi');
  recipeId = (await createRecipe(owner, { title: 'Zuger Kirschtorte', category: 'Backen' })).id;
  ownerCookie = await sessionCookie(app.url, owner.email);
  readerCookie = await sessionCookie(app.url, reader.email);
});

afterAll(async () => {
  await app?.stop();
});

/** A raw GET of the app. */
function get(path: string, headers: Record<string, string> = {}) {
  return requestAsSent(`${app.url}${path}`, { headers });
}

const text = (answer: AnswerAsSent) => answer.body.toString('utf8');

async function warm(path: string) {
  await get(path);
  const second = await get(path);
  expect(second.headers['x-page-cache'], path).toBe('hit');
  return second;
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${app.url}${path}`, { method: 'POST', headers: { origin: app.url, cookie }, body: new URLSearchParams(fields), redirect: 'manual' });
}

test('a public page is rendered once, then served from memory with a hash CSP for its own scripts', async () => {
  const first = await get(`/detail/${recipeId}`);
  expect(first.headers['x-page-cache']).toBe('miss');
  expect(first.headers['content-security-policy']).toMatch(/'nonce-/);
  const hit = await warm(`/detail/${recipeId}`);
  const csp = String(hit.headers['content-security-policy']);
  expect(csp).not.toContain("'nonce-");
  expect(csp).toContain("frame-ancestors 'none'");
  for (const [, script] of text(hit).matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
  }
  expect(text(hit)).toContain('Zuger Kirschtorte');
  // The other hardening headers come with a cached page as with a rendered one.
  expect(hit.headers['x-content-type-options']).toBe('nosniff');
  expect(hit.headers['cross-origin-opener-policy']).toBe('same-origin');
});

test('the imprint and the privacy page are kept like every public page; a query parameter makes no copy of them', async () => {
  for (const path of ['/imprint', '/datenschutz']) {
    const hit = await warm(path);
    expect(text(hit), path).toContain('Muster Kochstube, Anna Muster');
    if (path === '/imprint') expect(text(hit).replaceAll('<!-- -->', '')).toContain('Gerichtsstand ist Zürich, Schweiz.'); // SITE_JURISDICTION's default
    const junk = await get(`${path}?utm_source=x`);
    expect(junk.headers['x-page-cache'], path).toBe('hit');
  }
});

test('brotli, gzip or plain as the client accepts, each the same page; Vary and ETag/304 are right', async () => {
  const plain = await warm('/');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(String(plain.headers.vary)).toContain('Accept-Encoding');
  const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  const gz = await get('/', { 'accept-encoding': 'gzip;q=1, br;q=0' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

  const etag = String(plain.headers.etag);
  expect(etag).toMatch(/^".+"$/);
  const notModified = await get('/', { 'if-none-match': etag });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect((await get('/', { 'if-none-match': '"anders"' })).status).toBe(200);
});

test('a full render (signed in, never kept) goes out in brotli or gzip as the client accepts, the whole page', async () => {
  const path = `/detail/${recipeId}`;
  const br = await get(path, { cookie: readerCookie, 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['x-page-cache']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  const gz = await get(path, { cookie: readerCookie, 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  for (const page of [brotliDecompressSync(br.body), gunzipSync(gz.body)]) {
    const html = page.toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('Zuger Kirschtorte');
    expect(html).toContain('value="create-comment"'); // the comment form, for the signed-in reader
    expect(html.trimEnd()).toMatch(/<\/html>$/);
  }
});

test('every write is seen by the next anonymous request: comment, edit, delete', async () => {
  const path = `/detail/${recipeId}`;
  await warm(path);
  await warm('/backen');

  expect((await post(path, { intent: 'create-comment', rating: '2', nickname: 'Chiara', comment: 'Etwas trocken.' }, readerCookie)).status).toBe(303);
  const afterComment = await get(path);
  expect(afterComment.headers['x-page-cache']).toBe('miss');
  expect(text(afterComment)).toContain('Etwas trocken.');
  expect(text(afterComment)).toContain('Bewertung: 2 von 5 Sternen');

  await warm('/backen');
  const fields = {
    intent: 'save',
    title: 'Zuger Kirschtorte (neu)',
    lead: 'Mit Kirsch.',
    category: 'Backen',
    level: 'Mittel',
    duration: '90',
    quantity: 'für 12 Stück',
    ingredientName: 'Kirsch',
    ingredientAmount: '1 dl',
    description: 'Biskuit tränken.',
    additional: '',
  };
  expect((await post(`/edit/${recipeId}`, fields, ownerCookie)).status).toBe(302);
  expect(text(await get('/backen'))).toContain('Zuger Kirschtorte (neu)');
  expect(text(await get(path))).toContain('Zuger Kirschtorte (neu)');

  await warm(path);
  expect((await post(`/detail/${recipeId}/delete`, { intent: 'delete', redirectTo: '/' }, ownerCookie)).status).toBe(302);
  expect((await get(path)).status).toBe(404);
  expect(text(await get('/backen'))).not.toContain('Zuger Kirschtorte');
});

test('signed-in readers see every write at once on the lists too (their data is remembered between renders)', async () => {
  const recipe = await createRecipe(owner, { title: 'Engadiner Nusstorte', category: 'Dessert', tags: ['Süss'] });
  const lists = ['/', '/dessert', `/tags/${encodeURIComponent('Süss')}`];
  // Rendered twice each: the second render takes the lists from memory.
  for (const path of lists) {
    await get(path, { cookie: readerCookie });
    expect(text(await get(path, { cookie: readerCookie })), path).toContain('Engadiner Nusstorte');
  }

  expect((await post(`/detail/${recipe.id}`, { intent: 'create-comment', rating: '4', nickname: 'Chiara', comment: 'Fein.' }, readerCookie)).status).toBe(303);
  for (const path of lists) {
    expect(text(await get(path, { cookie: readerCookie })), path).toContain('Bewertung: 4 von 5 Sternen (1 Bewertung)');
  }

  expect((await post(`/detail/${recipe.id}/delete`, { intent: 'delete', redirectTo: '/' }, ownerCookie)).status).toBe(302);
  for (const path of lists) {
    expect(text(await get(path, { cookie: readerCookie })), path).not.toContain('Engadiner Nusstorte');
  }
});

test('a signed-in reader never gets the anonymous page, and no one gets a signed-in page', async () => {
  const recipe = await createRecipe(owner, { title: 'Basler Läckerli' });
  const path = `/detail/${recipe.id}`;
  await warm(path);
  const signedIn = await get(path, { cookie: readerCookie });
  expect(signedIn.headers['x-page-cache']).toBeUndefined();
  expect(signedIn.headers['cache-control']).toBe('private, no-store');
  expect(text(signedIn)).toContain('Wie hat es dir geschmeckt?'); // the comment form is for signed-in readers

  // Signed-in pages first, then anonymously: still the anonymous page.
  await get('/', { cookie: ownerCookie });
  const anonymous = await get('/');
  expect(text(anonymous)).not.toContain('Beat Keller');
  expect(text(anonymous)).toContain('Login');
  const anonymousDetail = await get(path);
  expect(text(anonymousDetail)).not.toContain('Wie hat es dir geschmeckt?');
  // A forged or expired session cookie is not anonymous either: rendered, not served from memory.
  expect((await get(path, { cookie: 'chuchiblog.session_token=abgelaufen' })).headers['x-page-cache']).toBeUndefined();
});

test('headers and junk parameters cannot steer or poison the cache', async () => {
  const recipe = await createRecipe(owner, { title: 'Bündner Nusstorte' });
  const path = `/detail/${recipe.id}`;
  const poisoned = await get(`${path}?utm_source=%3Cscript%3Ealert(1)%3C%2Fscript%3E`, {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'accept-language': 'fr-CH',
  });
  expect(poisoned.status).toBe(200);
  const clean = await get(path);
  expect(clean.headers['x-page-cache']).toBe('hit');
  for (const answer of [poisoned, clean]) {
    expect(text(answer)).not.toContain('evil.example');
    expect(text(answer)).not.toContain('<script>alert(1)');
  }
  expect(text(clean)).toContain(`${app.url}/detail/${recipe.id}`); // share links from PUBLIC_URL
  // A junk parameter is served the one cached page, not a new copy; so is a seite (a recipe is no list).
  expect((await get(`${path}?x=${Math.random()}`)).headers['x-page-cache']).toBe('hit');
  for (const seite of ['2', '77', 'abc']) {
    const answer = await get(`${path}?seite=${seite}`);
    expect([answer.status, answer.headers['x-page-cache']], seite).toEqual([200, 'hit']);
    expect(answer.body.equals(clean.body), seite).toBe(true);
  }
  // A path the router reads as another page (`\` and `..`) is refused, never kept under its own
  // spelling: one copy per junk spelling would fill the cache.
  for (const spelling of ['/tags/x\\..\\..\\imprint', '/tags/x\\..\\..\\_.data', '/tags/x/%2e%2e/%2e%2e/imprint']) {
    const [first] = await arriveTogether(app.url, spelling, [{}]);
    const [second] = await arriveTogether(app.url, spelling, [{}]);
    expect([first!.status, second!.status, second!.headers['x-page-cache']], spelling).toEqual([400, 400, undefined]);
  }
  // An upper-case id is sent to the page's own address, with its query; its route data too.
  for (const [spelling, address] of [
    [`/detail/${recipe.id.toUpperCase()}?portionen=6`, `/detail/${recipe.id}?portionen=6`],
    [`/detail/${recipe.id.toUpperCase()}/kochmodus`, `/detail/${recipe.id}/kochmodus`],
    [`/detail/${recipe.id.toUpperCase()}.data`, `/detail/${recipe.id}.data`],
  ]) {
    const answer = await get(spelling!);
    expect([answer.status, answer.headers.location, answer.headers['x-page-cache']], spelling).toEqual([301, address, undefined]);
  }
  // Never a Location on another site: `//evil.example/…` is a URL of evil.example to a browser.
  for (const spelling of [`//evil.example/${recipe.id.toUpperCase()}`, `///evil.example/detail/${recipe.id.toUpperCase()}`]) {
    const answer = await get(spelling);
    expect([answer.status, answer.headers.location], spelling).toEqual([404, undefined]);
  }
  // Another spelling of a page's own path (escapes the links do not use) renders that page, but
  // is not kept either; the spelling of the links is.
  const firstEscaped = `%${recipe.id.charCodeAt(0).toString(16)}${recipe.id.slice(1)}`; // `%32…` for `2…`
  const respelt = [`/detail/${firstEscaped}`, '/tags/S%c3%bcss', '/tags/%53%C3%BCss'];
  for (const spelling of respelt) {
    await get(spelling);
    const again = await get(spelling);
    expect([again.status, again.headers['x-page-cache']], spelling).toEqual([200, undefined]);
  }
  await get('/tags/S%C3%BCss');
  expect((await get('/tags/S%C3%BCss')).headers['x-page-cache']).toBe('hit');
});

test("a navigation's route data is kept like its page: as rendered, exact after a write, never a signed-in reader's", async () => {
  const recipe = await createRecipe(owner, { title: 'Bündner Nusstorte', category: 'Backen' });
  const data = `/detail/${recipe.id}.data`;
  const rendered = await get(data);
  expect(rendered.headers['x-page-cache']).toBe('miss');
  const hit = await warm(data);
  expect(hit.body.equals(rendered.body)).toBe(true);
  expect(text(hit)).toContain('Bündner Nusstorte');
  // What React Router's client reads, and still nothing a browser keeps.
  expect([hit.headers['content-type'], hit.headers['x-remix-response'], hit.headers['cache-control']]).toEqual([rendered.headers['content-type'], 'yes', 'private, no-store']);
  // And the build it comes from (app/utils/build-version.ts), the one whose route list the pages load.
  const buildVersion = String(rendered.headers['x-build-version']);
  expect(existsSync(path.join(import.meta.dirname, `../../build/client/assets/manifest-${buildVersion}.js`)), buildVersion).toBe(true);
  expect(hit.headers['x-build-version']).toBe(buildVersion);
  // The data and the page are two entries: neither is served for the other.
  const page = await warm(`/detail/${recipe.id}`);
  expect(text(page)).toMatch(/^<!DOCTYPE html>/i);
  expect(text(await get(data))).not.toMatch(/<!DOCTYPE html>/i);
  // Home's data is `/_.data`; a junk parameter makes no copy.
  await warm('/_.data');
  expect((await get('/_.data?utm_source=x')).headers['x-page-cache']).toBe('hit');
  // Only a 200 is kept: the data of a recipe that does not exist is asked again each time.
  const missing = '/detail/00000000-0000-4000-8000-000000000000.data';
  await get(missing);
  const again = await get(missing);
  expect([again.status, again.headers['x-page-cache']]).toEqual([404, 'miss']);

  expect((await post(`/detail/${recipe.id}`, { intent: 'create-comment', rating: '5', nickname: 'Chiara', comment: 'Wie bei Grossmutter.' }, readerCookie)).status).toBe(303);
  const afterComment = await get(data);
  expect(afterComment.headers['x-page-cache']).toBe('miss');
  expect(text(afterComment)).toContain('Wie bei Grossmutter.');

  // A signed-in reader's data names them: never served from memory, never kept for others.
  const signedIn = await get(data, { cookie: readerCookie });
  expect(signedIn.headers['x-page-cache']).toBeUndefined();
  expect(text(signedIn)).toContain(reader.email);
  expect(text(await get(data))).not.toContain(reader.email);
  // Only some loaders (`_routes`, a revalidation) and the machine-read documents render each time.
  for (const path of [`${data}?_routes=root`, '/robots.txt.data', '/sitemap.xml.data']) {
    await get(path);
    expect((await get(path)).headers['x-page-cache'], path).toBeUndefined();
  }
});

test('a recipe whose comments failed to load says so, and is not kept: the next reader gets them', async () => {
  const recipe = await createRecipe(owner, { title: 'Glarner Pastete' });
  await createComment(recipe.id, reader, { rating: 4, comment: 'Mit Zwetschgen noch besser.' });
  const failure = 'Die Kommentare konnten nicht geladen werden.';
  // The comments' table out of reach for a moment (a database hiccup), the recipe itself still there.
  await getDb().execute(sql`alter table comments rename to comments_away`);
  try {
    for (const path of [`/detail/${recipe.id}`, `/detail/${recipe.id}.data`]) {
      const first = await get(path);
      const second = await get(path);
      expect([first.status, second.headers['x-page-cache']], path).toEqual([200, 'miss']);
      expect(text(second), path).toContain(failure);
    }
  } finally {
    await getDb().execute(sql`alter table comments_away rename to comments`);
  }
  const recovered = await get(`/detail/${recipe.id}`);
  expect(text(recovered)).toContain('Mit Zwetschgen noch besser.');
  expect(text(recovered)).not.toContain(failure);
});

test('personal and error answers are never kept', async () => {
  for (const path of ['/login', '/profile', '/profile.data', '/api/altcha-challenge']) {
    await get(path);
    expect((await get(path)).headers['x-page-cache'], path).toBeUndefined();
  }
  // A 404 for an unknown recipe may be kept (it is the same for everyone) and stays a 404.
  await get('/detail/00000000-0000-4000-8000-000000000000');
  const missing = await get('/detail/00000000-0000-4000-8000-000000000000');
  expect(missing.status).toBe(404);
  expect(text(missing)).toContain('Seite nicht gefunden');
});

test('a later page of a list is a cache entry of its own; junk parameters and a malformed seite cannot steer the key', async () => {
  // Dessert is this test's own: 14 recipes, pages of 12 and 2.
  const creme = (i: number) => `Creme ${String(i).padStart(2, '0')}`;
  for (let i = 0; i < 14; i++) {
    await createRecipe(owner, { title: creme(i), category: 'Dessert', createdAt: new Date(Date.now() - (i + 1) * 60_000) });
  }
  const first = await warm('/dessert');
  const second = await warm('/dessert?seite=2');
  expect(text(first)).toContain(creme(0));
  expect(text(first)).not.toContain(creme(12));
  expect(text(second)).toContain(creme(12));
  expect(text(second)).not.toContain(creme(0));
  // And the data of each, for a click on the page links.
  const secondData = await warm('/dessert.data?seite=2');
  expect(text(secondData)).toContain(creme(12));
  expect(text(secondData)).not.toContain(creme(0));
  expect(text(await warm('/dessert.data'))).toContain(creme(0));

  // Other parameters are not part of the key: the same two entries answer.
  const tracked = await get('/dessert?utm_source=%3Cscript%3E&fbclid=1');
  expect(tracked.headers['x-page-cache']).toBe('hit');
  expect(tracked.body.equals(first.body)).toBe(true);
  const trackedSecond = await get('/dessert?fbclid=1&seite=2&x=%00');
  expect(trackedSecond.headers['x-page-cache']).toBe('hit');
  expect(trackedSecond.body.equals(second.body)).toBe(true);

  // A seite that names no page is rendered (a 404), never served from or kept in the cache...
  for (const junk of ['abc', '0', '-1', '2.5', '02', '99999999', '2&seite=2', '']) {
    const answer = await get(`/dessert?seite=${junk}`);
    expect(answer.status, junk).toBe(404);
    expect(answer.headers['x-page-cache'], junk).toBeUndefined();
  }
  // ... so the bare address still holds the first page.
  const bare = await get('/dessert');
  expect(bare.status).toBe(200);
  expect(bare.headers['x-page-cache']).toBe('hit');
  expect(bare.body.equals(first.body)).toBe(true);
  // seite=1 redirects to the bare address, from outside the cache.
  const one = await get('/dessert?seite=1');
  expect([one.status, one.headers.location, one.headers['x-page-cache']]).toEqual([301, '/dessert', undefined]);
  // A page beyond the last is a 404 that is rendered each time, not kept (there could be millions).
  await get('/dessert?seite=3');
  const beyond = await get('/dessert?seite=3');
  expect([beyond.status, beyond.headers['x-page-cache']]).toEqual([404, 'miss']);

  // A write empties the later pages too: a new dessert pushes Creme 11 onto page 2.
  await createRecipe(owner, { title: 'Creme neu', category: 'Dessert' });
  const fresh = await get('/dessert?seite=2');
  expect(fresh.headers['x-page-cache']).toBe('miss');
  expect(text(fresh)).toContain(creme(11));
});

test('a recipe for other servings is a cache entry of its own; a portionen that names no number is the recipe as written', async () => {
  const { id } = await createRecipe(owner, {
    title: 'Älplermagronen',
    quantity: 'für 4 Personen',
    ingredients: [{ name: 'Hörnli', amount: '400 g' }],
  });
  const asWritten = await warm(`/detail/${id}`);
  const forSix = await warm(`/detail/${id}?portionen=6`);
  expect(text(asWritten)).toContain('400 g');
  expect(text(forSix)).toContain('600 g');
  expect(text(forSix)).toContain('für 6 Personen');

  // Junk in portionen, or portionen twice, shows the recipe as written: the bare entry answers.
  for (const junk of ['abc', '0', '100', '06', '6.5', '6&portionen=8', '']) {
    const answer = await get(`/detail/${id}?portionen=${junk}&utm_source=x`);
    expect(answer.headers['x-page-cache'], junk).toBe('hit');
    expect(answer.body.equals(asWritten.body), junk).toBe(true);
  }
  // Other parameters do not make another copy of the scaled page either.
  const tracked = await get(`/detail/${id}?fbclid=1&portionen=6`);
  expect(tracked.headers['x-page-cache']).toBe('hit');
  expect(tracked.body.equals(forSix.body)).toBe(true);
});

test("a recipe's route data is one entry for all servings: the loaders do not read them, the page scales the amounts", async () => {
  const { id } = await createRecipe(owner, { title: 'Zürcher Geschnetzeltes', quantity: 'für 4 Personen', ingredients: [{ name: 'Kalbfleisch', amount: '600 g' }] });
  const data = `/detail/${id}.data`;
  const forSix = await get(`${data}?portionen=6`);
  expect([forSix.status, forSix.headers['x-page-cache']]).toEqual([200, 'miss']);
  const asWritten = await get(data);
  expect(asWritten.headers['x-page-cache']).toBe('hit');
  expect(asWritten.body.equals(forSix.body)).toBe(true);
  // Rendered afresh (a write empties the cache; this one is not among the similar recipes), the data for no servings is the same bytes.
  await createRecipe(owner, { title: 'Meringues', category: 'Dessert', tags: ['Süss'] });
  const rendered = await get(data);
  expect(rendered.headers['x-page-cache']).toBe('miss');
  expect(rendered.body.equals(forSix.body)).toBe(true);
  expect((await get(`${data}?portionen=2`)).headers['x-page-cache']).toBe('hit');
  // The page itself shows the amounts, so it stays one entry per servings value.
  await warm(`/detail/${id}`);
  expect((await get(`/detail/${id}?portionen=2`)).headers['x-page-cache']).toBe('miss');
});

test('the search is never kept: every query renders, and a new recipe is found at once', async () => {
  const path = `/suche?q=${encodeURIComponent('Holunderblütenwähe')}`;
  for (let i = 0; i < 3; i++) {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-page-cache']).toBeUndefined();
    expect(text(answer)).toContain('Keine Rezepte gefunden');
  }
  await createRecipe(owner, { title: 'Holunderblütenwähe vom Blech', category: 'Backen' });
  expect(text(await get(path))).toContain('1 Rezept gefunden');
});
