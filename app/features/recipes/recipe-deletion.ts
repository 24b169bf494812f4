// The owner's delete, as the dialog, the delete icon and the confirmation page
// (routes/recipe-delete.tsx) share it: its address and its question.

export const DELETE_QUESTION = 'Bist du sicher, dass du dieses Rezept löschen möchtest?';

/** Where the delete form posts, and where the delete icon leads without JavaScript. */
export function deleteRecipePath(recipeId: string) {
  return `/detail/${recipeId}/delete` as const;
}
