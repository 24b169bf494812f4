// RSS 2.0 feeds of the newest recipes: /feed.xml for all, /<kategorie>/feed.xml
// per category. Each item has the title, the link, the lead, the author, the
// category and tags, and the picture (Media RSS, and as <img> in the
// description for readers that show HTML). All user text is escaped.
import { categorySlug, type Category } from '../../utils/catalog.ts';
import { escapeHtml, escapeXml } from '../../utils/xml.ts';
import { largestJpegWithSize, shareCrop } from '../images/image-urls.ts';
import { listFeedRecipes, type FeedRecipe } from './recipe-queries.server.ts';

/** Items per feed: the newest. */
export const FEED_SIZE = 20;

/** RFC 822 dates, as RSS 2.0 asks ("Mon, 23 Nov 2026 16:00:00 GMT"). */
function rfc822(iso: string) {
  return new Date(iso).toUTCString();
}

function picture(recipe: FeedRecipe, siteUrl: string) {
  if (!recipe.image) return undefined;
  // The 16:9 crop where there is one (what readers show best), else the largest rendition.
  const picture = shareCrop(recipe.image, '16x9') ?? largestJpegWithSize(recipe.image);
  return { ...picture, url: `${siteUrl}${picture.url}` };
}

function item(recipe: FeedRecipe, siteUrl: string) {
  const link = `${siteUrl}/detail/${recipe.uid}`;
  const image = picture(recipe, siteUrl);
  const html = [
    image ? `<p><img src="${escapeHtml(image.url)}" alt="${escapeHtml(recipe.title)}" width="${image.width}" height="${image.height}"></p>` : '',
    `<p>${escapeHtml(recipe.lead)}</p>`,
  ].join('');
  return [
    '<item>',
    `<title>${escapeXml(recipe.title)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
    `<pubDate>${rfc822(recipe.createdAt)}</pubDate>`,
    `<dc:creator>${escapeXml(recipe.author)}</dc:creator>`,
    `<category>${escapeXml(recipe.category)}</category>`,
    ...recipe.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
    `<description>${escapeXml(html)}</description>`,
    image ? `<media:content url="${escapeXml(image.url)}" medium="image" type="image/jpeg" width="${image.width}" height="${image.height}"/>` : '',
    '</item>',
  ].join('');
}

/** The feed of one category, or of all recipes (category undefined). */
export async function feedDocument(siteUrl: string, category?: Category) {
  const recipes = await listFeedRecipes(category, FEED_SIZE);
  const self = `${siteUrl}${category ? `/${categorySlug(category)}` : ''}/feed.xml`;
  const home = `${siteUrl}${category ? `/${categorySlug(category)}` : '/'}`;
  const title = category ? `Chuchiblog – ${category}` : 'Chuchiblog – die neusten Rezepte';
  const description = category
    ? `Die neusten Rezepte der Kategorie ${category} im Chuchiblog.`
    : 'Die neusten Rezepte im Chuchiblog, dem Kochblog aus der Schweiz.';
  const lastBuild = recipes.reduce<string | undefined>((latest, r) => (!latest || r.updatedAt > latest ? r.updatedAt : latest), undefined);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(home)}</link>`,
    `<description>${escapeXml(description)}</description>`,
    '<language>de-ch</language>',
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    lastBuild ? `<lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>` : '',
    ...recipes.map((recipe) => item(recipe, siteUrl)),
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
