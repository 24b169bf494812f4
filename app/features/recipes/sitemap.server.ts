// /sitemap.xml: home, the categories, the imprint and privacy pages, every tag that has recipes and every
// recipe with its last change and picture (Google's image extension). Past
// the protocol's 50,000 addresses per file it becomes a sitemap index of
// parts under /sitemaps/ (a recipe entry is well under 1 KB, so 50,000 stay
// far below the 50 MB limit).
import { CATEGORIES, tagPath } from '../../utils/catalog.ts';
import { escapeXml } from '../../utils/xml.ts';
import { largestJpeg } from '../images/image-urls.ts';
import { listSitemapRecipes, sitemapOverview, type SitemapRecipe } from './recipe-queries.server.ts';

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const PAGES_PART = 'seiten.xml';
const RECIPES_PART = /^rezepte-([1-9]\d{0,5})\.xml$/;

type Entry = { loc: string; lastmod?: string | undefined; images?: string[] };

function urlset(entries: Entry[]) {
  const urls = entries.map(({ loc, lastmod, images = [] }) =>
    [
      `<url><loc>${escapeXml(loc)}</loc>`,
      lastmod ? `<lastmod>${lastmod}</lastmod>` : '',
      ...images.map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`),
      '</url>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function sitemapIndex(parts: Entry[]) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map(({ loc, lastmod }) => `<sitemap><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

function recipeEntry(recipe: SitemapRecipe, siteUrl: string): Entry {
  return {
    loc: `${siteUrl}/detail/${recipe.uid}`,
    lastmod: recipe.updatedAt,
    // The picture the page shows (its <img> src); crawlers find the AVIF/WebP variants in the srcset.
    images: recipe.image ? [`${siteUrl}${largestJpeg(recipe.image)}`] : [],
  };
}

/** Home, the five categories, the imprint and the privacy page, and the tags with recipes. */
async function pageEntries(siteUrl: string) {
  const overview = await sitemapOverview();
  const pages: Entry[] = [
    { loc: `${siteUrl}/`, lastmod: overview.lastChange },
    ...CATEGORIES.map((c) => ({ loc: `${siteUrl}/${c.slug}`, lastmod: overview.categories.get(c.label) })),
    { loc: `${siteUrl}/imprint` },
    { loc: `${siteUrl}/datenschutz` },
    ...overview.tags.map(({ tag, lastChange }) => ({ loc: `${siteUrl}${tagPath(tag)}`, lastmod: lastChange })),
  ];
  return { overview, pages };
}

/** /sitemap.xml: one urlset while everything fits, else the index of the parts. */
export async function sitemapDocument(siteUrl: string, maxUrls = SITEMAP_MAX_URLS) {
  const { overview, pages } = await pageEntries(siteUrl);
  if (pages.length + overview.total <= maxUrls) {
    const recipes = await listSitemapRecipes(0, overview.total);
    return urlset([...pages, ...recipes.map((recipe) => recipeEntry(recipe, siteUrl))]);
  }
  const recipeParts = Math.ceil(overview.total / maxUrls);
  return sitemapIndex([
    { loc: `${siteUrl}/sitemaps/${PAGES_PART}`, lastmod: overview.lastChange },
    ...Array.from({ length: recipeParts }, (_, i) => ({ loc: `${siteUrl}/sitemaps/rezepte-${i + 1}.xml`, lastmod: overview.lastChange })),
  ]);
}

/** A part named in the index (`seiten.xml`, `rezepte-N.xml`), or undefined (a 404) for any other name or while there is no index. */
export async function sitemapPart(name: string, siteUrl: string, maxUrls = SITEMAP_MAX_URLS) {
  const { overview, pages } = await pageEntries(siteUrl);
  if (pages.length + overview.total <= maxUrls) return undefined;
  if (name === PAGES_PART) return urlset(pages);
  const part = Number(RECIPES_PART.exec(name)?.[1] ?? NaN);
  if (!(part >= 1 && part <= Math.ceil(overview.total / maxUrls))) return undefined;
  const recipes = await listSitemapRecipes((part - 1) * maxUrls, maxUrls);
  return urlset(recipes.map((recipe) => recipeEntry(recipe, siteUrl)));
}
