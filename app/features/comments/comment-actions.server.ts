// The detail page's comment actions: validation with the shared schema, the
// acting user from the session (never from the form), German answers with
// fitting status codes, and never an exception for bad input.
import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { log } from '../../lib/logger.server.ts';
import { isUuid } from '../../utils/ids.ts';
import { firstErrors } from '../../components/form/form-answer.ts';
import type { CommentActionResult } from './comment-action-result.ts';
import { commentOnRecipePath } from './comment-paths.ts';
import { createComment, deleteComment, type CommentRefusal } from './comment-mutations.server.ts';
import { mustRate } from './comment-queries.server.ts';
import { COMMENT_FIELDS, HONEYPOT_FIELD, OWN_RECIPE_RATING_MESSAGE, type CommentField, type CommentFormValues } from './comment-fields.ts';
import { commentPostSchema, isNoRating, RATING_REQUIRED_MESSAGE } from './comment-schema.ts';

type Intent = 'create-comment' | 'delete-comment';

/** Every refusal of the comment actions, as the answer says it. */
export const COMMENT_REFUSALS: Record<CommentRefusal | 'signed-out' | 'unknown-recipe' | 'unknown-comment' | 'unavailable', { status: number; message: string }> = {
  'signed-out': { status: 401, message: 'Bitte melde dich an, um zu kommentieren.' },
  'unknown-recipe': { status: 404, message: 'Dieses Rezept gibt es nicht.' },
  'recipe-missing': { status: 404, message: 'Dieses Rezept gibt es nicht mehr.' },
  'unknown-comment': { status: 404, message: 'Diesen Kommentar gibt es nicht mehr.' },
  'not-found': { status: 404, message: 'Diesen Kommentar gibt es nicht mehr.' },
  forbidden: { status: 403, message: 'Du kannst nur deine eigenen Kommentare und die Kommentare zu deinen Rezepten löschen.' },
  'own-recipe-rating': { status: 403, message: OWN_RECIPE_RATING_MESSAGE },
  'rating-required': { status: 400, message: RATING_REQUIRED_MESSAGE },
  'too-many': { status: 429, message: 'Du hast gerade viele Kommentare geschrieben. Bitte warte ein paar Minuten.' },
  unavailable: { status: 503, message: 'Ein Fehler ist aufgetreten. Bitte versuche es später erneut.' },
};

function refuse(intent: Intent, reason: keyof typeof COMMENT_REFUSALS, values?: CommentFormValues) {
  const { status, message } = COMMENT_REFUSALS[reason];
  return reply({ ok: false, intent, formError: message, ...(values && { values }) }, status);
}

function reply(result: CommentActionResult, status = 200) {
  return data(result, { status });
}

function textValues(form: FormData) {
  const values: CommentFormValues = {};
  for (const key of COMMENT_FIELDS) {
    const value = form.get(key);
    if (typeof value === 'string') values[key] = value.slice(0, 5000);
  }
  return values;
}

/** `servings`: the ones the page was showing (`?portionen`), kept by the saved comment's page. */
export async function commentAction(userId: string | null, recipeId: string, form: FormData, servings?: number) {
  const intent = form.get('intent');
  if (intent !== 'create-comment' && intent !== 'delete-comment') return undefined;
  if (!userId) return refuse(intent, 'signed-out');
  if (!isUuid(recipeId)) return refuse(intent, 'unknown-recipe');

  try {
    if (intent === 'create-comment') {
      // Post/redirect/get, to the comment just saved: the page shows it, scrolled to it.
      const saved = (commentId: string) => redirect(commentOnRecipePath(recipeId, commentId, servings), 303);
      const honeypot = form.get(HONEYPOT_FIELD);
      // Filled is anything but empty or missing: a file part too, which only a hand-made form sends.
      if (honeypot !== null && honeypot !== '') {
        // Only a robot fills the field nobody sees: it gets the answer of a saved
        // comment (an id like a new one's: nothing to learn from), and nothing is stored.
        log.info('comment refused: honeypot filled', { recipeId });
        return saved(randomUUID());
      }
      const parsed = commentPostSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const errors = firstErrors<CommentField>(parsed.error);
        // Every field's message at once, as the browser's check gives them: a missing rating is the mutation's
        // to find (the owner has no stars), which the other messages would hide until the next try.
        if (!errors.rating && isNoRating(form.get('rating')) && (await mustRate(userId, recipeId))) errors.rating = RATING_REQUIRED_MESSAGE;
        return reply({ ok: false, intent, errors, values: textValues(form) }, 400);
      }
      const result = await createComment(userId, recipeId, parsed.data);
      if (!result.ok && result.reason === 'rating-required') {
        // Under the stars, like the browser's own check says it.
        return reply({ ok: false, intent, errors: { rating: RATING_REQUIRED_MESSAGE }, values: textValues(form) }, 400);
      }
      if (!result.ok) return refuse(intent, result.reason, textValues(form));
      // Post/redirect/get: the answer is a cheap 303 instead of the whole page,
      // and reloading the page afterwards does not post the comment again.
      return saved(result.comment.uid);
    }
    const commentId = form.get('commentId');
    if (!isUuid(commentId)) return refuse(intent, 'unknown-comment');
    const result = await deleteComment(userId, recipeId, commentId);
    if (!result.ok) return refuse(intent, result.reason, textValues(form));
    return reply({ ok: true, intent, commentId });
  } catch (error) {
    log.error('comment action failed', { intent, recipeId, error });
    return refuse(intent, 'unavailable', textValues(form));
  }
}
