// The owner's delete, as the dialog, the delete icon and the confirmation page
// (routes/recipe-delete-page.tsx) share it: its addresses and its question.

export const DELETE_QUESTION = 'Bist du sicher, dass du dieses Rezept löschen möchtest?';

/** Where the delete form posts (routes/recipe-delete.ts). */
export function deleteRecipePath(recipeId: string) {
  return `/detail/${recipeId}/delete` as const;
}

/** The page that asks first, where the delete icon leads without JavaScript. */
export function deleteRecipePagePath(recipeId: string) {
  return `/detail/${recipeId}/loeschen` as const;
}
