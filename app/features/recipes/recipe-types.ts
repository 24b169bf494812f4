import type { Ingredient } from '../../db/schema/recipes.ts';
import type { ImageRef } from '../images/image-urls.ts';

export type { Ingredient };

/** What lists and cards show of a recipe. */
export type RecipeSummary = {
  uid: string;
  userId: string;
  title: string;
  lead: string;
  category: string;
  tags: string[];
  image: ImageRef | null;
  avgRating: number;
  ratingCount: number;
  createdAt: string;
};

/** Everything the detail page shows (every field of a recipe, plus the rating count). */
export type RecipeDetail = RecipeSummary & {
  /** Last change (ISO 8601). */
  updatedAt: string;
  author: string;
  duration: number;
  level: string;
  quantity: string;
  ingredients: Ingredient[];
  description: string;
  additional: string | null;
};
