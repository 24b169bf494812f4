// A page that belongs to a category without being its list (a recipe) says so
// in its route's handle; the navigation marks that category's link.
import type { UIMatch } from 'react-router';

export type NavCategoryHandle<Data> = {
  /** The slug of the category the page belongs to, from the route's loader data. */
  navCategory: (data: Data) => string;
};

/** The category the matched routes say the page belongs to, if any. */
export function navCategoryOf(matches: UIMatch[]): string | undefined {
  for (const { handle, loaderData } of matches) {
    const navCategory = (handle as Partial<NavCategoryHandle<unknown>> | undefined)?.navCategory;
    if (navCategory && loaderData !== undefined) return navCategory(loaderData);
  }
  return undefined;
}

/**
 * How a category link is marked: 'page' on the category's own list (and below
 * it), 'true' on a page that belongs to it (ARIA's "current item in a set").
 */
export function categoryLinkCurrent(slug: string, pathname: string, navCategory: string | undefined): 'page' | 'true' | undefined {
  const here = pathname.toLowerCase();
  if (here === `/${slug}` || here.startsWith(`/${slug}/`)) return 'page';
  return navCategory === slug ? 'true' : undefined;
}
