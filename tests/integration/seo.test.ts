// What search engines and feed readers get, built from the database: the
// recipe's structured data, the sitemap (and its index past the protocol's
// limit) and the feeds, parsed as XML, with hostile user text.
import parser from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { recipes } from '../../app/db/schema/recipes.ts';
import type { ShareCrops } from '../../app/features/images/image-urls.ts';
import { feedDocument } from '../../app/features/recipes/feed.server.ts';
import { getRecipe } from '../../app/features/recipes/recipe-queries.server.ts';
import { listShareImage } from '../../app/features/recipes/list-share-image.ts';
import { recipeSteps } from '../../app/features/recipes/recipe-steps.ts';
import { isoDuration, recipeImages, recipeSchema, recipeYield, yieldServings } from '../../app/features/recipes/recipe-structured-data.ts';
import { sitemapDocument, sitemapPart } from '../../app/features/recipes/sitemap.server.ts';
import { shortDescription } from '../../app/utils/seo.ts';
import { escapeXml } from '../../app/utils/xml.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

const SITE = 'https://chuchi.example';
const HOSTILE = `</script><script>alert(1)</script> & "Rösti" <b>fett</b> ]]> <!-- \u0007`;

/** Parses XML strictly (a syntax error fails the test) with attributes as "@_name". */
function parseXml(xml: string) {
  const valid = parser.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@_', parseAttributeValue: false, parseNodeValue: false });
}

/** Sitemaps and feeds list the whole blog: each such test starts from an empty one. */
async function emptyBlog() {
  await getDb().delete(recipes);
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

test('minutes become ISO 8601 durations', () => {
  expect([1, 45, 60, 90, 4320].map(isoDuration)).toEqual(['PT1M', 'PT45M', 'PT1H', 'PT1H30M', 'PT72H']);
});

test('the servings come from the free-text quantity only when it counts persons or portions', () => {
  expect(yieldServings('für 4 Personen')).toBe(4);
  expect(yieldServings('Für 2 Person')).toBe(2);
  expect(yieldServings('4–6 Portionen')).toBe(4);
  expect(yieldServings('6')).toBe(6);
  expect(yieldServings('für 4 Personen (ca. 24 Stück)')).toBe(4);
  expect(yieldServings('für ca. 20 Stück')).toBeUndefined();
  expect(yieldServings('1 Springform (26 cm)')).toBeUndefined();
  expect(yieldServings('24 Stück')).toBeUndefined();
  expect(yieldServings('für 0 Personen')).toBeUndefined();
  expect(recipeYield('für 4 Personen')).toEqual(['4', 'für 4 Personen']);
  expect(recipeYield('4')).toBe('4');
  expect(recipeYield('24 Stück')).toBe('24 Stück');
});

test('the preparation splits into numbered steps, else paragraphs, else lines, each with a stable anchor', () => {
  expect(recipeSteps('1. Ofen vorheizen.\n2) Teig kneten\nund ruhen lassen.\n3 - Backen.')).toEqual([
    { anchor: 'schritt-1', display: '1. Ofen vorheizen.', text: 'Ofen vorheizen.' },
    { anchor: 'schritt-2', display: '2) Teig kneten\nund ruhen lassen.', text: 'Teig kneten und ruhen lassen.' },
    { anchor: 'schritt-3', display: '3 - Backen.', text: 'Backen.' },
  ]);
  expect(recipeSteps('Kartoffeln kochen.\nSchälen.\n\n\nMit Käse mischen.').map((s) => s.text)).toEqual(['Kartoffeln kochen. Schälen.', 'Mit Käse mischen.']);
  expect(recipeSteps('Alles mischen.\r\nBacken.').map((s) => s.text)).toEqual(['Alles mischen.', 'Backen.']);
  // One line about 200 g is not a numbered list.
  expect(recipeSteps('200 g Mehl sieben.')).toEqual([{ anchor: 'schritt-1', display: '200 g Mehl sieben.', text: '200 g Mehl sieben.' }]);
});

test('descriptions are cut at a word near 155 characters', () => {
  const long = 'Wort '.repeat(60);
  const cut = shortDescription(long);
  expect(cut.length).toBeLessThanOrEqual(155);
  expect(cut).toMatch(/Wort…$/);
  expect(shortDescription('  Kurz\nund gut. ')).toBe('Kurz und gut.');
});

test('XML escaping leaves no markup and drops characters XML cannot carry', () => {
  expect(escapeXml(HOSTILE)).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Rösti&quot; &lt;b&gt;fett&lt;/b&gt; ]]&gt; &lt;!-- ');
  expect(escapeXml('a\uD800b\uFFFEc😀')).toBe('abc😀');
});

test('the Recipe object has every property the data fills, and leaves out what it cannot', async () => {
  const heidi = await createUser({ name: 'Heidi Muster' });
  const row = await createRecipe(heidi, { duration: 90, ratingSum: 13, ratingCount: 3, description: '1. Kochen.\n2. Essen.' });
  const recipe = (await getRecipe(row.id))!;
  const pageUrl = `${SITE}/detail/${row.id}`;
  const schema = recipeSchema(recipe, pageUrl, SITE);
  expect(schema).toMatchObject({
    '@type': 'Recipe',
    name: 'Älplermagronen',
    author: { '@type': 'Person', name: 'Heidi Muster' },
    datePublished: row.createdAt.toISOString(),
    dateModified: row.updatedAt.toISOString(),
    description: row.lead,
    recipeCategory: 'Hauptgang',
    keywords: 'Salzig, Vegetarisch',
    totalTime: 'PT1H30M',
    recipeYield: ['4', 'für 4 Personen'],
    recipeIngredient: ['300 g Hörnli', '150 g Bergkäse, gerieben'],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Kochen.', url: `${pageUrl}#schritt-1` },
      { '@type': 'HowToStep', text: 'Essen.', url: `${pageUrl}#schritt-2` },
    ],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.33, ratingCount: 3, bestRating: 5, worstRating: 1 },
  });
  // No picture: no image property rather than a made-up one; no video, nutrition or cuisine ever.
  for (const key of ['image', 'video', 'nutrition', 'recipeCuisine']) expect(schema).not.toHaveProperty(key);

  const unrated = recipeSchema((await getRecipe((await createRecipe(heidi, { tags: [] })).id))!, pageUrl, SITE);
  expect(unrated).not.toHaveProperty('aggregateRating');
  expect(unrated).not.toHaveProperty('keywords');
});

test('the sitemap lists home, the categories, imprint and privacy page, the tags with recipes and every recipe with its last change', async () => {
  await emptyBlog();
  const heidi = await createUser();
  const a = await createRecipe(heidi, { title: HOSTILE, category: 'Dessert', tags: ['Süss', 'Torten & Kuchen'] });
  const b = await createRecipe(heidi, { category: 'Apéro', tags: [] });
  const doc = parseXml(await sitemapDocument(SITE));
  const urls = list(doc.urlset.url) as Array<{ loc: string; lastmod?: string }>;
  const locs = urls.map((u) => u.loc);
  expect(locs.slice(0, 6)).toEqual([`${SITE}/`, `${SITE}/apero`, `${SITE}/vorspeise`, `${SITE}/hauptgang`, `${SITE}/dessert`, `${SITE}/backen`]);
  expect(locs.slice(6, 8)).toEqual([`${SITE}/imprint`, `${SITE}/datenschutz`]);
  expect(locs).toContain(`${SITE}/tags/S%C3%BCss`);
  expect(locs).toContain(`${SITE}/tags/Torten%20%26%20Kuchen`);
  expect(locs).not.toContain(`${SITE}/tags/Guetzli`);
  expect(urls.find((u) => u.loc === `${SITE}/detail/${a.id}`)?.lastmod).toBe(a.updatedAt.toISOString());
  expect(urls.find((u) => u.loc === `${SITE}/detail/${b.id}`)?.lastmod).toBe(b.updatedAt.toISOString());
  expect(urls.find((u) => u.loc === `${SITE}/dessert`)?.lastmod).toBe(a.updatedAt.toISOString());
  expect(urls.find((u) => u.loc === `${SITE}/vorspeise`)).not.toHaveProperty('lastmod');
  expect(await sitemapPart('seiten.xml', SITE)).toBeUndefined(); // no index while everything fits
});

test('past the limit the sitemap becomes an index of parts that together list every address once', async () => {
  await emptyBlog();
  const heidi = await createUser();
  const created = [];
  for (let i = 0; i < 7; i++) created.push(await createRecipe(heidi, { tags: ['Winter'], createdAt: new Date(Date.UTC(2026, 0, i + 1)) }));
  // 8 pages (home, categories, imprint, privacy) + 1 tag + 7 recipes = 16 addresses; at most 5 a file.
  const index = parseXml(await sitemapDocument(SITE, 5));
  const parts = list(index.sitemapindex.sitemap).map((s: { loc: string }) => s.loc);
  expect(parts).toEqual([`${SITE}/sitemaps/seiten.xml`, `${SITE}/sitemaps/rezepte-1.xml`, `${SITE}/sitemaps/rezepte-2.xml`]);
  const locs: string[] = [];
  for (const part of parts) {
    const xml = await sitemapPart(part.split('/').at(-1)!, SITE, 5);
    const urls = list(parseXml(xml!).urlset.url) as Array<{ loc: string }>;
    // The pages part holds home, the categories, imprint, privacy page and the tags; a recipes part at most 5.
    expect(urls.length).toBeLessThanOrEqual(part.endsWith('seiten.xml') ? 9 : 5);
    locs.push(...urls.map((u) => u.loc));
  }
  expect(new Set(locs).size).toBe(locs.length);
  expect(locs.filter((l) => l.includes('/detail/'))).toEqual(created.map((r) => `${SITE}/detail/${r.id}`));
  for (const junk of ['rezepte-3.xml', 'rezepte-0.xml', 'rezepte-01.xml', 'andere.xml']) expect(await sitemapPart(junk, SITE, 5)).toBeUndefined();
});

test('the feeds are valid RSS with the newest recipes first, per category too, and hostile text stays text', async () => {
  await emptyBlog();
  const heidi = await createUser({ name: 'Heidi <Muster> & Co' });
  const old = await createRecipe(heidi, { title: 'Alt', category: 'Backen', createdAt: new Date(Date.UTC(2026, 0, 1)) });
  const hostile = await createRecipe(heidi, { title: HOSTILE, lead: `Lead ${HOSTILE}`, category: 'Dessert', createdAt: new Date(Date.UTC(2026, 0, 2)) });

  const all = parseXml(await feedDocument(SITE)).rss.channel;
  expect(all.link).toBe(`${SITE}/`);
  expect(all['atom:link']['@_href']).toBe(`${SITE}/feed.xml`);
  const items = list(all.item) as Array<Record<string, unknown>>;
  expect(items.map((i) => i.link)).toEqual([`${SITE}/detail/${hostile.id}`, `${SITE}/detail/${old.id}`]);
  const first = items[0]!;
  // The parser gives back entities as written; decoded, the title is the author's text (less the control character).
  const decode = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
  expect(decode(String(first.title))).toBe(HOSTILE.replace('\u0007', '').trim()); // the parser trims
  expect(decode(String(first['dc:creator']))).toBe('Heidi <Muster> & Co');
  expect(new Date(String(first.pubDate)).toISOString()).toBe(hostile.createdAt.toISOString());
  // The description is HTML (escaped once more for XML): the lead inside is escaped HTML, never markup.
  const html = decode(String(first.description));
  expect(html).toContain('<p>Lead &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain('<script>');

  const desserts = parseXml(await feedDocument(SITE, 'Dessert')).rss.channel;
  expect(desserts.link).toBe(`${SITE}/dessert`);
  expect(list(desserts.item).map((i: { link: string }) => i.link)).toEqual([`${SITE}/detail/${hostile.id}`]);
  const empty = parseXml(await feedDocument(SITE, 'Apéro')).rss.channel;
  expect(empty.item).toBeUndefined();
});

test('a picture uploaded before the share crops existed stands in with its largest rendition, at that rendition\'s size', () => {
  const image = { id: '5f0c6f0e-3d57-4d4b-9a53-4a3f2f8d1c11', widths: [480, 960, 1600], width: 4000, height: 3000, color: '#aa8866', crops: null };
  expect(listShareImage([{ title: 'Zopf', image }], SITE)).toEqual({ url: `${SITE}/images/${image.id}/1600.jpg`, width: 1600, height: 1200, alt: 'Zopf' });
  expect(recipeImages({ image }, SITE)).toEqual([`${SITE}/images/${image.id}/1600.jpg`]);
  const crops: ShareCrops = { '1x1': [1200, 1200], '4x3': [1200, 900], '16x9': [1200, 675], og: [1200, 630] };
  expect(recipeImages({ image: { ...image, crops } }, SITE)).toEqual(['1x1', '4x3', '16x9'].map((c) => `${SITE}/images/${image.id}/${c}.jpg`));
});
