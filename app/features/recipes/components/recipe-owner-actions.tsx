import { lazyComponent } from '../../../components/lazy-component.tsx';
import type { RecipeSummary } from '../recipe-types.ts';

/**
 * The owner's edit and delete controls, fetched only when shown (only the
 * owner sees them; the server checks ownership again on every request).
 */
export const RecipeOwnerActions = lazyComponent(() =>
  import('./recipe-owner-controls.tsx').then((module) => module.RecipeOwnerControls),
);

/** For lists: the owner's controls on the cards of `userId`'s recipes, nothing on the others. */
export function ownerActionsFor(userId: string | undefined) {
  return function actionsFor(recipe: RecipeSummary) {
    return userId && recipe.userId === userId ? <RecipeOwnerActions recipeId={recipe.uid} /> : null;
  };
}
