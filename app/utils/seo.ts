// What search engines and link previews read from a page's <head>: the
// canonical address, Open Graph and Twitter cards, JSON-LD. Pure helpers,
// used by the routes' `meta` on the server and after client navigations.
import { SITE_NAME } from './meta.ts';

/** The site's absolute base (PUBLIC_URL, without a trailing slash), from the root loader's data. */
export function siteUrlOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === 'string' ? root.siteUrl : '';
}

/** `<link rel="canonical">` to the absolute address of `path` (a path with its query, e.g. "/hauptgang?seite=2"). */
export function canonicalLink(siteUrl: string, path: string) {
  return { tagName: 'link', rel: 'canonical', href: `${siteUrl}${path}` };
}

/** Search engines show about 155 characters; a longer text is cut at a word and ends with "…". */
export function shortDescription(text: string, max = 155) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export type ShareImage = { url: string; width: number; height: number; alt: string };

type SharePreview = {
  type: 'website' | 'article';
  title: string;
  description: string;
  url: string;
  image?: ShareImage | undefined;
  /** Articles (recipes): ISO 8601 times, the category and the tags. */
  article?: { publishedTime: string; modifiedTime: string; section: string; tags: string[] };
};

/**
 * Open Graph (Facebook, WhatsApp, most messengers) and the Twitter card for
 * one page. With a picture the card is `summary_large_image`, else `summary`.
 */
export function sharePreview({ type, title, description, url, image, article }: SharePreview) {
  return [
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'de_CH' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          { property: 'og:image:type', content: 'image/jpeg' },
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    ...(article
      ? [
          { property: 'article:published_time', content: article.publishedTime },
          { property: 'article:modified_time', content: article.modifiedTime },
          { property: 'article:section', content: article.section },
          ...article.tags.map((tag) => ({ property: 'article:tag', content: tag })),
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image
      ? [
          { name: 'twitter:image', content: image.url },
          { name: 'twitter:image:alt', content: image.alt },
        ]
      : []),
  ];
}

/**
 * A JSON-LD block. React Router renders it as `<script type="application/ld+json">`
 * with `<`, `>`, `&`, U+2028 and U+2029 written as \u escapes, so no user text
 * can end the block (tests/e2e/seo.test.ts sends hostile titles). Not
 * executable, so the CSP has nothing to allow.
 */
export function jsonLd(data: Record<string, unknown>) {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...data } };
}

export const NOINDEX = { name: 'robots', content: 'noindex' };

/** The alternate-link to a feed, for <head> (home: all recipes; a category: its own). */
export function feedLink(siteUrl: string, path: string, title: string) {
  return { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: `${siteUrl}${path}` };
}

/** The WebSite and the Organization behind it: on the home page only. */
export function siteJsonLd(siteUrl: string, description: string) {
  return jsonLd({
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${siteUrl}/#website`,
        name: SITE_NAME,
        url: `${siteUrl}/`,
        description,
        inLanguage: 'de-CH',
        publisher: { '@id': `${siteUrl}/#organization` },
      },
      {
        '@type': 'Organization',
        '@id': `${siteUrl}/#organization`,
        name: SITE_NAME,
        url: `${siteUrl}/`,
        logo: `${siteUrl}/logo.svg`,
      },
    ],
  });
}

/** Startseite › … : a BreadcrumbList from (name, absolute URL) pairs. */
export function breadcrumbJsonLd(items: Array<{ name: string; url: string }>) {
  return jsonLd({
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  });
}

/**
 * A list page's recipes as an ItemList (a "summary page" for search engines' recipe carousels):
 * each recipe's address, numbered across the pages, with the list's breadcrumb (Startseite › list).
 */
export function recipeListJsonLd(siteUrl: string, list: { name: string; path: string }, recipes: Array<{ uid: string }>, firstPosition: number) {
  const breadcrumb = breadcrumbJsonLd([
    { name: 'Startseite', url: `${siteUrl}/` },
    { name: list.name, url: `${siteUrl}${list.path}` },
  ]);
  // An empty list (a category without recipes yet) is no summary of anything.
  if (recipes.length === 0) return [breadcrumb];
  const items = recipes.map((recipe, index) => ({ '@type': 'ListItem', position: firstPosition + index, url: `${siteUrl}/detail/${recipe.uid}` }));
  return [jsonLd({ '@type': 'ItemList', itemListElement: items }), breadcrumb];
}
