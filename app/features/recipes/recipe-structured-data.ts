// A recipe as schema.org data for search engines (Google's recipe rich
// results): built from what the page shows, nothing made up. No video,
// nutrition or cuisine: the blog has no such data. Shared: the detail
// route's `meta` runs on the server and after client navigations.
import { largestJpeg, shareCrop, type ShareCropName } from '../images/image-urls.ts';
import { recipeSteps } from './recipe-steps.ts';
import type { RecipeDetail } from './recipe-types.ts';
import { scaleIngredient, scaleQuantity, servingsOf } from './servings.ts';

/** Minutes as an ISO 8601 duration: 45 → PT45M, 90 → PT1H30M, 120 → PT2H. */
export function isoDuration(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/**
 * The number of servings for Google's recipeYield: the number in the free-text quantity when it names persons
 * or portions ("für 4 Personen", "für 4 Personen (ca. 16 Schalen)", "4–6 Portionen" → 4,
 * "4" → 4); undefined for
 * anything else ("1 Springform", "24 Stück"), which is not a count of servings.
 */
export function yieldServings(quantity: string): number | undefined {
  const text = quantity.trim();
  const match = /^(?:für\s+)?(?:ca\.\s*|etwa\s+)?(\d{1,3})(?:\s*(?:-|–|bis)\s*\d{1,3})?(?:\s*(?:Personen|Person|Pers\.|Portionen|Portion|Port\.|Esser)(?:\s*\(.*\)|\s*,.*)?)?$/i.exec(text);
  const servings = match ? Number(match[1]) : NaN;
  return servings > 0 ? servings : undefined;
}

/** recipeYield: the number of servings first (as Google asks), then the text as the author wrote it. */
export function recipeYield(quantity: string): string | string[] {
  const text = quantity.trim();
  const servings = yieldServings(text);
  if (servings === undefined) return text;
  return String(servings) === text ? text : [String(servings), text];
}

const IMAGE_CROPS: ShareCropName[] = ['1x1', '4x3', '16x9'];

/** The picture's absolute addresses: the 1:1, 4:3 and 16:9 crops, or the largest rendition of an older upload. */
export function recipeImages(recipe: Pick<RecipeDetail, 'image'>, siteUrl: string): string[] {
  if (!recipe.image) return [];
  const crops = IMAGE_CROPS.map((crop) => shareCrop(recipe.image!, crop)).filter((crop) => crop !== undefined);
  return crops.length > 0 ? crops.map((crop) => `${siteUrl}${crop.url}`) : [`${siteUrl}${largestJpeg(recipe.image)}`];
}

/**
 * The Recipe object for the page at `pageUrl` (absolute). With `servings`
 * (the page's `?portionen=N`), quantity and ingredients are those the page shows.
 */
export function recipeSchema(recipe: RecipeDetail, pageUrl: string, siteUrl: string, servings?: number) {
  const images = recipeImages(recipe, siteUrl);
  const calculated = servingsOf(recipe.quantity);
  const factor = calculated && servings ? servings / calculated.count : 1;
  const quantity = calculated && servings ? scaleQuantity(recipe.quantity, calculated, servings) : recipe.quantity;
  return {
    '@type': 'Recipe',
    '@id': `${pageUrl}#rezept`,
    mainEntityOfPage: pageUrl,
    url: pageUrl,
    name: recipe.title,
    ...(images.length > 0 ? { image: images } : {}),
    author: { '@type': 'Person', name: recipe.author },
    datePublished: recipe.createdAt,
    dateModified: recipe.updatedAt,
    description: recipe.lead,
    inLanguage: 'de-CH',
    recipeCategory: recipe.category,
    ...(recipe.tags.length > 0 ? { keywords: recipe.tags.join(', ') } : {}),
    totalTime: isoDuration(recipe.duration),
    recipeYield: recipeYield(quantity),
    recipeIngredient: recipe.ingredients.map((ingredient) => {
      const { amount, name } = scaleIngredient({ amount: ingredient.amount.trim(), name: ingredient.name.trim() }, factor);
      return [amount, name].filter(Boolean).join(' ');
    }),
    recipeInstructions: recipeSteps(recipe.description).map((step) => ({
      '@type': 'HowToStep',
      text: step.text,
      url: `${pageUrl}#${step.anchor}`,
    })),
    ...(recipe.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(recipe.avgRating * 100) / 100,
            ratingCount: recipe.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
