// The question of a comment's delete, as the dialog and the confirmation page
// (routes/comment-delete.tsx) ask it.
export const DELETE_COMMENT_QUESTION = 'Bist du sicher, dass du diesen Kommentar löschen möchtest?';
