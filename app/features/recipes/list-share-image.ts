// Kept apart from the structured data: the list pages' meta needs only this,
// and every byte of their route modules is in the first load.
import { largestJpegWithSize } from '../images/image-urls.ts';
import type { RecipeSummary } from './recipe-types.ts';

/** A list's share picture: its first recipe's (largest JPEG, at its own size), if any has one. */
export function listShareImage(recipes: Array<Pick<RecipeSummary, 'image' | 'title'>>, siteUrl: string) {
  const first = recipes.find((recipe) => recipe.image);
  if (!first?.image) return undefined;
  const picture = largestJpegWithSize(first.image);
  return { ...picture, url: `${siteUrl}${picture.url}`, alt: first.title };
}
