import type { ShouldRevalidateFunctionArgs } from 'react-router';

// `?portionen=6` on a recipe's address: the servings calculator's choice,
// kept in the URL so that a shared or printed link keeps it. Shared by the
// detail page and the page cache (server/page-cache.ts), so both read it alike.

export const SERVINGS_PARAM = 'portionen';

/** The most servings the calculator offers (and the cache keeps a copy for). */
export const MAX_SERVINGS = 99;

const CANONICAL = /^[1-9]\d?$/;

/**
 * The number of servings the URL asks for, or undefined when it names none
 * (no `portionen`, given twice, or anything but 1–99 written plainly): then
 * the page shows the recipe as written.
 */
export function readServingsParam(searchParams: URLSearchParams): number | undefined {
  const values = searchParams.getAll(SERVINGS_PARAM);
  return values.length === 1 && CANONICAL.test(values[0]!) ? Number(values[0]) : undefined;
}

/** The query string that names `servings` on a recipe's address (`?portionen=6`), or '' for none. */
export function servingsQuery(servings: number | undefined): '' | `?${typeof SERVINGS_PARAM}=${number}` {
  return servings === undefined ? '' : `?${SERVINGS_PARAM}=${servings}`;
}

/** The page cache's view of a recipe's query string: `?portionen=N` when it names servings, else ''. */
export function servingsCacheSuffix(url: URL): string {
  return servingsQuery(readServingsParam(url.searchParams));
}

/**
 * Whether a navigation only changes the servings: the page's data stays the
 * same, so routes skip reloading it (shouldRevalidate) and the amounts follow at once.
 */
export function onlyServingsChanged(currentUrl: URL, nextUrl: URL) {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(SERVINGS_PARAM);
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) && currentUrl.searchParams.get(SERVINGS_PARAM) !== nextUrl.searchParams.get(SERVINGS_PARAM);
}

/** A route's shouldRevalidate for pages whose data does not depend on the servings (root, detail). */
export function keepDataWhenOnlyServingsChange({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyServingsChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
