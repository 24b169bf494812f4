// Numbered pages for the recipe lists (home, categories, tags, profile):
// `?seite=2`, 12 cards a page. Page 1 is the bare URL. Shared by the
// routes, the pagination links and the page cache (server/page-cache.ts),
// so that all three read `seite` the same way.

/** Cards per page of a list. */
export const PAGE_SIZE = 12;

/** Recipes in a side column (spring list, category side lists): the newest few. */
export const SIDE_LIST_SIZE = 5;

/** The query parameter that names the page. */
export const PAGE_PARAM = 'seite';

/** Page numbers are at most six digits: enough for 12 million recipes a list. */
const CANONICAL_PAGE = /^[1-9]\d{0,5}$/;

/**
 * What a request's `seite` asks for:
 * - `{ page }`: the page to show (1 when there is no `seite`);
 * - `{ canonical }`: `seite=1` names the first page, whose address is the bare path;
 * - `{ invalid }`: anything else (`abc`, `0`, `-1`, `2.5`, `02`, seven digits or
 *   more, `seite` given twice), which names no page: a 404.
 */
export type PageRequest = { page: number } | { canonical: string } | { invalid: true };

export function readPageRequest(url: URL): PageRequest {
  const values = url.searchParams.getAll(PAGE_PARAM);
  if (values.length === 0) return { page: 1 };
  if (values.length > 1 || !CANONICAL_PAGE.test(values[0]!)) return { invalid: true };
  const page = Number(values[0]);
  return page === 1 ? { canonical: url.pathname } : { page };
}

/**
 * The page cache's view of a query string: '' for the first page (no `seite`;
 * any other parameter is ignored), `?seite=N` for a valid later page, and
 * undefined when `seite` is present but names no page by itself (`seite=1`
 * redirects, junk is a 404): such requests are neither served from nor kept
 * in the cache, so they can neither add copies nor replace a real page.
 */
export function pageCacheSuffix(url: URL): string | undefined {
  const request = readPageRequest(url);
  if (!('page' in request)) return undefined;
  return request.page === 1 ? '' : `?${PAGE_PARAM}=${request.page}`;
}

/** How many pages a list of `total` items has; an empty list still has its (empty) first page. */
export function pageCountFor(total: number, pageSize = PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The place of a page's first item in the whole list (1 on page 1, 13 on page 2). */
export function firstPositionOf(page: number, pageSize = PAGE_SIZE) {
  return (page - 1) * pageSize + 1;
}

/** The address of page `page` of the list at `pathname`. */
export function pageHref(pathname: string, page: number) {
  return page <= 1 ? pathname : `${pathname}?${PAGE_PARAM}=${page}`;
}

/**
 * The page numbers a pagination bar shows: the first, the last, the current
 * one with its neighbours, and 'gap' for what lies between. A gap never hides
 * a single number (1 2 3, not 1 … 3).
 */
export function visiblePages(current: number, count: number): Array<number | 'gap'> {
  const shown = new Set([1, count, current - 1, current, current + 1].filter((n) => n >= 1 && n <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const n of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && n - previous === 2) result.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) result.push('gap');
    result.push(n);
  }
  return result;
}

/** `<link rel="prev|next">` for a page's <head>, as route `meta` descriptors. */
export function pageLinks(pathname: string, page: number, count: number) {
  return [
    ...(page > 1 ? [{ tagName: 'link', rel: 'prev', href: pageHref(pathname, page - 1) }] : []),
    ...(page < count ? [{ tagName: 'link', rel: 'next', href: pageHref(pathname, page + 1) }] : []),
  ];
}

/** A page's title: "Hauptgang" on the first page, "Hauptgang – Seite 2" after. */
export function pageTitle(title: string, page: number) {
  return page > 1 ? `${title} – Seite ${page}` : title;
}
