// A comment's delete, as the dialog, the delete icon and the confirmation page
// (routes/comment-delete.tsx) share it: its question and the page's address.

export const DELETE_COMMENT_QUESTION = 'Bist du sicher, dass du diesen Kommentar löschen möchtest?';

/** Where the delete icon leads without JavaScript. */
export function deleteCommentPath(recipeId: string, commentId: string) {
  return `/detail/${recipeId}/kommentare/${commentId}/loeschen` as const;
}
