// The addresses of a comment, for the pages, the actions and the mails that
// lead to one.
import { servingsQuery } from '../../utils/servings-param.ts';

/** The id of a comment's element on the recipe page. */
export function commentAnchor(commentId: string) {
  return `kommentar-${commentId}`;
}

/** The recipe page, scrolled to the comment (a saved comment, a report mail's link), with the servings the reader had chosen. */
export function commentOnRecipePath(recipeId: string, commentId: string, servings?: number) {
  return `/detail/${recipeId}${servingsQuery(servings)}#${commentAnchor(commentId)}` as const;
}

/** The id of the comment form's heading, where a reader who signed in to comment comes back to. */
export const COMMENT_FORM_ANCHOR = 'kommentar-schreiben';

/** The recipe page at its comment form, with the servings the reader had chosen (`?portionen`). */
export function commentFormOnRecipePath(recipeId: string, servings: number | undefined) {
  return `/detail/${recipeId}${servingsQuery(servings)}#${COMMENT_FORM_ANCHOR}`;
}

/** The page that reports a comment to the site owner (routes/comment-report.tsx). */
export function reportPath(recipeId: string, commentId: string) {
  return `/detail/${recipeId}/kommentare/${commentId}/melden` as const;
}

/** The page that asks before a comment is deleted, where the delete icon leads without JavaScript (routes/comment-delete.tsx). */
export function deleteCommentPath(recipeId: string, commentId: string) {
  return `/detail/${recipeId}/kommentare/${commentId}/loeschen` as const;
}
