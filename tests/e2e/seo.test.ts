// What search engines, link previews and feed readers get from the running
// app, over plain HTTP: structured data (checked against Google's recipe
// rules), Open Graph, canonical addresses, noindex on errors, robots.txt,
// the sitemap and the feeds (parsed as XML), hostile titles that stay text,
// and all of it kept by the page cache and renewed by the same writes. (The
// share button in a browser: tests/browser/share.spec.ts.)
import StructuredDataValidator from '@adobe/structured-data-validator';
import parser from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAccount, sessionCookie } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { createImage, makeJpeg } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { storeImage } from '../../app/features/images/image-mutations.server.ts';

const HOSTILE = `</script><script>alert("x")</script> Rösti & <b>Speck</b> ]]> <!--`;

let app: TestApp;
let owner: Awaited<ReturnType<typeof createAccount>>;
let ownerCookie: string;
let geschnetzeltes: { id: string };
let hostile: { id: string };
let noPicture: { id: string };

beforeAll(async () => {
  app = await startTestApp();
  owner = await createAccount('Beat Keller');
  ownerCookie = await sessionCookie(app.url, owner.email);
  const wide = (await storeImage(await makeJpeg(2400, 1600, 20), owner.id)).id;
  geschnetzeltes = await createRecipe(owner, {
    title: 'Zürcher Geschnetzeltes',
    lead: 'Kalbfleisch in Rahmsauce mit Champignons, dazu eine goldene Rösti.',
    category: 'Hauptgang',
    tags: ['Salzig', 'Winter'],
    duration: 50,
    quantity: 'für 4 Personen',
    imageId: wide,
    ingredients: [
      { name: 'Kalbsgeschnetzeltes', amount: '600 g' },
      { name: 'Rahm', amount: '2 dl' },
      { name: 'Salz', amount: '' },
    ],
    description: '1. Fleisch portionenweise scharf anbraten.\n2. Zwiebeln und Champignons dünsten.\n3. Mit Rahm ablöschen, Fleisch beigeben.',
    createdAt: new Date('2026-11-01T10:00:00Z'),
    // Two ratings, 5 and 4 (as comment writes keep them).
    ratingSum: 9,
    ratingCount: 2,
  });
  hostile = await createRecipe(owner, {
    title: HOSTILE,
    lead: `Lead mit ${HOSTILE}`,
    category: 'Dessert',
    tags: ['Süss'],
    quantity: '1 Springform (26 cm)',
    imageId: await createImage(owner.id, 300),
    createdAt: new Date('2026-11-02T10:00:00Z'),
  });
  noPicture = await createRecipe(owner, { title: 'Birchermüesli', category: 'Apéro', tags: [], createdAt: new Date('2026-11-03T10:00:00Z') });
});

afterAll(async () => {
  await app?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** Content of <meta property|name="key">, all of them. */
function metaOf(html: string, key: string) {
  const values: string[] = [];
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    if (new RegExp(`(?:property|name)="${key.replace(/[.:]/g, '\\$&')}"`).test(tag)) values.push(decodeAttr(/content="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  return values;
}

function linkOf(html: string, rel: string) {
  return [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes(`rel="${rel}"`));
}

function hrefOf(tag: string | undefined) {
  return decodeAttr(/href="([^"]*)"/.exec(tag ?? '')?.[1] ?? '');
}

function decodeAttr(value: string) {
  return value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

function titleOf(html: string) {
  return decodeAttr(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

function parseXml(xml: string) {
  const valid = parser.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@_', parseNodeValue: false });
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

type ValidatorIssue = { severity: string; issueMessage: string; fieldNames?: string[] };

/** Google's recipe rules as a maintained validator checks them (@adobe/structured-data-validator). */
async function richResultIssues(blocks: Array<Record<string, unknown>>) {
  const byType: Record<string, unknown[]> = {};
  for (const block of blocks) (byType[String(block['@type'])] ??= []).push(block);
  const issues = (await new StructuredDataValidator().validate({ jsonld: byType })) as ValidatorIssue[];
  // Warnings only for what the blog has no data for: cuisine, nutrition, video, and a step's picture, name or sub-steps.
  const unfillable = ['recipeCuisine', 'nutrition.calories', 'video', 'image', 'name', 'itemListElement', 'aggregateRating', 'keywords'];
  const warnings = issues.filter((i) => i.severity === 'WARNING').flatMap((i) => i.fieldNames ?? []);
  expect(warnings.filter((field) => !unfillable.includes(field))).toEqual([]);
  return issues;
}

async function imageSize(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return [meta.width, meta.height];
}

test('a recipe page carries one Recipe that meets Google\'s rules, with every property the recipe fills', async () => {
  const page = await get(`/detail/${geschnetzeltes.id}`);
  expect(page.status).toBe(200);
  const blocks = jsonLdOf(page.text);
  const recipes = blocks.filter((b) => b['@type'] === 'Recipe');
  expect(recipes).toHaveLength(1);
  const recipe = recipes[0]!;
  const pageUrl = `${app.url}/detail/${geschnetzeltes.id}`;
  expect(recipe).toMatchObject({
    '@context': 'https://schema.org',
    name: 'Zürcher Geschnetzeltes',
    author: { '@type': 'Person', name: 'Beat Keller' },
    datePublished: '2026-11-01T10:00:00.000Z',
    description: 'Kalbfleisch in Rahmsauce mit Champignons, dazu eine goldene Rösti.',
    recipeCategory: 'Hauptgang',
    keywords: 'Salzig, Winter',
    totalTime: 'PT50M',
    recipeYield: ['4', 'für 4 Personen'],
    recipeIngredient: ['600 g Kalbsgeschnetzeltes', '2 dl Rahm', 'Salz'],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 },
  });
  expect(new Date(String(recipe.dateModified)).toISOString()).toBe(recipe.dateModified);
  // Three pictures, 1:1, 4:3 and 16:9, each 1200 px wide (the upload is 2400 × 1600).
  const images = recipe.image as string[];
  expect(await Promise.all(images.map(imageSize))).toEqual([[1200, 1200], [1200, 900], [1200, 675]]);
  // Each step links to its own anchor on the page.
  const steps = recipe.recipeInstructions as Array<{ '@type': string; text: string; url: string }>;
  expect(steps.map((s) => s.text)).toEqual(['Fleisch portionenweise scharf anbraten.', 'Zwiebeln und Champignons dünsten.', 'Mit Rahm ablöschen, Fleisch beigeben.']);
  for (const [i, step] of steps.entries()) {
    expect(step).toMatchObject({ '@type': 'HowToStep', url: `${pageUrl}#schritt-${i + 1}` });
    expect(page.text).toContain(`id="schritt-${i + 1}"`);
  }
  for (const key of ['video', 'nutrition', 'recipeCuisine']) expect(recipe).not.toHaveProperty(key);

  // Startseite › Hauptgang › the recipe.
  const breadcrumb = blocks.find((b) => b['@type'] === 'BreadcrumbList')!;
  expect((breadcrumb.itemListElement as Array<{ name: string; item: string; position: number }>).map((i) => [i.position, i.name, i.item])).toEqual([
    [1, 'Startseite', `${app.url}/`],
    [2, 'Hauptgang', `${app.url}/hauptgang`],
    [3, 'Zürcher Geschnetzeltes', pageUrl],
  ]);

  const issues = await richResultIssues(blocks);
  expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
});

test('several recipe pages pass the rich-result rules; a recipe without a picture lacks only the image', async () => {
  for (const id of [geschnetzeltes.id, hostile.id]) {
    const blocks = jsonLdOf((await get(`/detail/${id}`)).text);
    expect(blocks.map((b) => b['@type']).sort()).toEqual(['BreadcrumbList', 'Recipe']);
    const recipe = blocks.find((b) => b['@type'] === 'Recipe')!;
    for (const key of ['name', 'image', 'author', 'datePublished', 'description', 'recipeCategory', 'totalTime', 'recipeYield', 'recipeIngredient', 'recipeInstructions']) {
      expect(recipe, `${id}: ${key}`).toHaveProperty(key);
    }
    const issues = await richResultIssues(blocks);
    expect(issues.filter((i) => i.severity === 'ERROR'), id).toEqual([]);
  }
  const blocks = jsonLdOf((await get(`/detail/${noPicture.id}`)).text);
  const recipe = blocks.find((b) => b['@type'] === 'Recipe')!;
  expect(recipe).not.toHaveProperty('image'); // nothing made up
  expect(recipe).not.toHaveProperty('aggregateRating'); // not rated
  const issues = await richResultIssues(blocks);
  expect(issues.filter((i) => i.severity === 'ERROR').flatMap((i) => i.fieldNames ?? [])).toEqual(['image']);
});

test('a hostile title cannot end the JSON-LD block, nor any tag in <head>', async () => {
  const page = await get(`/detail/${hostile.id}`);
  // Only the app's own scripts: two JSON-LD blocks and React Router's, none from the title.
  expect(page.text).not.toContain('<script>alert');
  expect(page.text).not.toContain('<b>Speck</b>');
  const blocks = jsonLdOf(page.text);
  const recipe = blocks.find((b) => b['@type'] === 'Recipe')!;
  expect(recipe.name).toBe(HOSTILE);
  expect(recipe.description).toBe(`Lead mit ${HOSTILE}`);
  // Inside the block the dangerous characters are \u escapes.
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.text)![1]!;
  expect(raw).not.toMatch(/[<>]/);
  expect(titleOf(page.text)).toBe(`${HOSTILE} | Chuchiblog`);
  expect(metaOf(page.text, 'og:title')).toEqual([HOSTILE]);
  // A yield that counts no servings stays text.
  expect(recipe.recipeYield).toBe('1 Springform (26 cm)');
});

test('a recipe page has its share preview: article, 1200×630 picture with alt, de_CH, times, Twitter card', async () => {
  const page = await get(`/detail/${geschnetzeltes.id}`);
  const pageUrl = `${app.url}/detail/${geschnetzeltes.id}`;
  expect(metaOf(page.text, 'og:type')).toEqual(['article']);
  expect(metaOf(page.text, 'og:title')).toEqual(['Zürcher Geschnetzeltes']);
  expect(metaOf(page.text, 'og:description')).toEqual(['Kalbfleisch in Rahmsauce mit Champignons, dazu eine goldene Rösti.']);
  expect(metaOf(page.text, 'og:url')).toEqual([pageUrl]);
  expect(metaOf(page.text, 'og:site_name')).toEqual(['Chuchiblog']);
  expect(metaOf(page.text, 'og:locale')).toEqual(['de_CH']);
  expect(metaOf(page.text, 'og:image:width')).toEqual(['1200']);
  expect(metaOf(page.text, 'og:image:height')).toEqual(['630']);
  expect(metaOf(page.text, 'og:image:alt')).toEqual(['Zürcher Geschnetzeltes']);
  expect(await imageSize(metaOf(page.text, 'og:image')[0]!)).toEqual([1200, 630]);
  expect(metaOf(page.text, 'article:published_time')).toEqual(['2026-11-01T10:00:00.000Z']);
  expect(metaOf(page.text, 'article:tag')).toEqual(['Salzig', 'Winter']);
  expect(metaOf(page.text, 'twitter:card')).toEqual(['summary_large_image']);
  expect(hrefOf(linkOf(page.text, 'canonical')[0])).toBe(pageUrl);
  // The spec's links are in the HTML (they work without JavaScript).
  for (const name of ['facebook.com/sharer', 'wa.me', 'mailto:?subject=']) expect(page.text).toContain(name);
});

test('home and the lists: canonical to themselves (pages too), share previews, feeds announced, the site described on home', async () => {
  const home = await get('/');
  expect(hrefOf(linkOf(home.text, 'canonical')[0])).toBe(`${app.url}/`);
  expect(metaOf(home.text, 'og:type')).toEqual(['website']);
  expect(metaOf(home.text, 'og:locale')).toEqual(['de_CH']);
  expect(metaOf(home.text, 'og:image')).toHaveLength(1); // the newest recipe with a picture
  const feed = linkOf(home.text, 'alternate');
  expect(feed).toHaveLength(1);
  expect(feed[0]).toContain('type="application/rss+xml"');
  expect(hrefOf(feed[0])).toBe(`${app.url}/feed.xml`);
  const site = jsonLdOf(home.text)[0]!;
  const graph = site['@graph'] as Array<Record<string, unknown>>;
  expect(graph.map((node) => node['@type'])).toEqual(['WebSite', 'Organization']);
  expect(graph[0]).toMatchObject({ name: 'Chuchiblog', url: `${app.url}/`, inLanguage: 'de-CH' });

  // A second page of Backen: 13 recipes.
  for (let i = 0; i < 13; i++) await createRecipe(owner, { title: `Guetzli ${i + 1}`, category: 'Backen', tags: ['Guetzli'], imageId: null });

  const backen2 = await get('/backen?seite=2');
  expect(backen2.status).toBe(200);
  expect(hrefOf(linkOf(backen2.text, 'canonical')[0])).toBe(`${app.url}/backen?seite=2`);
  expect(metaOf(backen2.text, 'og:url')).toEqual([`${app.url}/backen?seite=2`]);
  expect(hrefOf(linkOf(backen2.text, 'alternate')[0])).toBe(`${app.url}/backen/feed.xml`);
  expect(metaOf(backen2.text, 'twitter:card')).toEqual(['summary']); // no picture on this list
  // A list is a summary page for recipe carousels: its recipes as an ItemList, numbered across the
  // pages, and its breadcrumb. The site itself is described once, on home.
  const backen2Blocks = jsonLdOf(backen2.text);
  expect(backen2Blocks.map((block) => block['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
  const items = backen2Blocks[0]!.itemListElement as Array<{ position: number; url: string }>;
  expect(items.map((item) => item.position)).toEqual(Array.from({ length: items.length }, (_, i) => 13 + i));
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.url).toMatch(new RegExp(`^${app.url}/detail/[0-9a-f-]{36}$`));
    expect(backen2.text).toContain(`href="${item.url.slice(app.url.length)}"`);
  }
  expect(backen2Blocks[1]!.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Startseite', item: `${app.url}/` },
    { '@type': 'ListItem', position: 2, name: 'Backen', item: `${app.url}/backen` },
  ]);
  await richResultIssues(backen2Blocks);

  const tag = await get('/tags/Guetzli');
  expect(hrefOf(linkOf(tag.text, 'canonical')[0])).toBe(`${app.url}/tags/Guetzli`);
  const tagBlocks = jsonLdOf(tag.text);
  expect(tagBlocks.map((block) => block['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
  expect((tagBlocks[0]!.itemListElement as unknown[]).length).toBe(12);
  expect((tagBlocks[1]!.itemListElement as Array<{ item: string }>)[1]!.item).toBe(`${app.url}/tags/Guetzli`);
});

test('every public page has its own German title and description; error pages say noindex', async () => {
  const paths = ['/', '/?seite=2', '/apero', '/vorspeise', '/hauptgang', '/dessert', '/backen', '/backen?seite=2', '/tags/Salzig', '/tags/Guetzli', `/detail/${geschnetzeltes.id}`, `/detail/${hostile.id}`, '/imprint', '/datenschutz', '/login', '/forgot'];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const page = await get(path);
    expect(page.status, path).toBe(200);
    titles.add(titleOf(page.text));
    const [description] = metaOf(page.text, 'description');
    expect(description, path).toBeTruthy();
    descriptions.add(description!);
    expect(metaOf(page.text, 'robots').join(), path).toBe(['/login', '/forgot'].includes(path) ? 'noindex' : '');
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);

  for (const path of ['/gibt-es-nicht', '/detail/00000000-0000-4000-8000-000000000000', '/tags/Unbekannt', '/backen?seite=99']) {
    const page = await get(path);
    expect(page.status, path).toBe(404);
    expect(metaOf(page.text, 'robots'), path).toContain('noindex');
    expect(linkOf(page.text, 'canonical'), path).toEqual([]);
  }
});

test('robots.txt names the sitemap; the sitemap lists every public address once, with last changes and pictures', async () => {
  const robots = await get('/robots.txt');
  expect(robots.status).toBe(200);
  expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(robots.text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  expect(robots.text).toContain('Disallow: /edit/');

  const sitemap = await get('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
  const urls = list(parseXml(sitemap.text).urlset.url) as Array<{ loc: string; lastmod?: string; 'image:image'?: { 'image:loc': string } }>;
  const locs = urls.map((u) => u.loc);
  expect(new Set(locs).size).toBe(locs.length);
  for (const path of ['/', '/apero', '/vorspeise', '/hauptgang', '/dessert', '/backen', '/imprint', '/datenschutz', '/tags/Salzig', '/tags/Winter', '/tags/S%C3%BCss']) expect(locs).toContain(`${app.url}${path}`);
  expect(locs).not.toContain(`${app.url}/tags/Herbst`); // no recipe has it
  const entry = urls.find((u) => u.loc === `${app.url}/detail/${geschnetzeltes.id}`)!;
  expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
  const picture = entry['image:image']!['image:loc'];
  expect((await fetch(picture)).status).toBe(200);
  expect(urls.find((u) => u.loc === `${app.url}/detail/${noPicture.id}`)).not.toHaveProperty('image:image');
  // No index while it fits in one file; a part that does not exist says so in German, not as JSON.
  const noPart = await get('/sitemaps/seiten.xml');
  expect([noPart.status, noPart.headers.get('content-type'), noPart.text]).toEqual([404, 'text/plain; charset=utf-8', 'Diese Seite gibt es nicht.\n']);
});

test('the feeds are valid RSS 2.0, per category too; a hostile title stays text', async () => {
  const all = await get('/feed.xml');
  expect(all.status).toBe(200);
  expect(all.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
  const channel = parseXml(all.text).rss.channel;
  expect(channel.language).toBe('de-ch');
  const items = list(channel.item) as Array<Record<string, unknown>>;
  expect(items.length).toBeGreaterThanOrEqual(3);
  const entry = items.find((i) => i.link === `${app.url}/detail/${hostile.id}`)!;
  const decoded = decodeAttr(String(entry.title));
  expect(decoded).toBe(HOSTILE.trim());
  expect(all.text).not.toContain('<script>');
  expect((entry['media:content'] as Record<string, string>)['@_medium']).toBe('image');

  const dessert = parseXml((await get('/dessert/feed.xml')).text).rss.channel;
  expect(list(dessert.item).map((i: { link: string }) => i.link)).toEqual([`${app.url}/detail/${hostile.id}`]);
  expect((await get('/dessert')).text).toContain(`href="${app.url}/dessert/feed.xml"`);
});

test('sitemap, feeds and robots.txt are kept by the page cache and renewed by the writes that change pages', async () => {
  for (const path of ['/sitemap.xml', '/feed.xml', '/hauptgang/feed.xml', '/robots.txt']) {
    await get(path);
    const second = await get(path);
    expect(second.headers.get('x-page-cache'), path).toBe('hit');
  }
  // The owner deletes a recipe through the app: sitemap and feeds no longer list it.
  const deleted = await fetch(`${app.url}/detail/${geschnetzeltes.id}/delete`, {
    method: 'POST',
    headers: { origin: app.url, cookie: ownerCookie },
    body: new URLSearchParams({ intent: 'delete' }),
    redirect: 'manual',
  });
  expect(deleted.status).toBeLessThan(400);
  for (const path of ['/sitemap.xml', '/feed.xml', '/hauptgang/feed.xml']) {
    const fresh = await get(path);
    expect(fresh.headers.get('x-page-cache'), path).toBe('miss');
    expect(fresh.text, path).not.toContain(geschnetzeltes.id);
  }
});

test('the structured data follows the servings chosen on the page (?portionen=6)', async () => {
  const { id } = await createRecipe(owner, {
    title: 'Älplermagronen',
    quantity: 'für 4 Personen',
    ingredients: [
      { name: 'Hörnli', amount: '400 g' },
      { name: 'Rahm', amount: '2 dl' },
      { name: 'Salz', amount: '' },
    ],
  });
  const recipe = jsonLdOf((await get(`/detail/${id}?portionen=6`)).text).find((b) => b['@type'] === 'Recipe')!;
  expect(recipe.recipeYield).toEqual(['6', 'für 6 Personen']);
  expect(recipe.recipeIngredient).toEqual(['600 g Hörnli', '3 dl Rahm', 'Salz']);
});
