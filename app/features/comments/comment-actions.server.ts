// The detail page's comment actions: validation with the shared schema, the
// acting user from the session (never from the form), German answers with
// fitting status codes, and never an exception for bad input.
import { data, redirect } from 'react-router';
import { log } from '../../lib/logger.server.ts';
import { isUuid } from '../../utils/ids.ts';
import type { CommentActionResult } from './comment-action-result.ts';
import { CommentError, createComment, deleteComment } from './comment-mutations.server.ts';
import { commentFieldErrors, commentSchema } from './comment-schema.ts';

function reply(result: CommentActionResult, status = 200) {
  return data(result, { status });
}

function textValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const key of ['rating', 'nickname', 'comment']) {
    const value = form.get(key);
    if (typeof value === 'string') values[key] = value.slice(0, 5000);
  }
  return values;
}

export async function commentAction(userId: string | null, recipeId: string, form: FormData) {
  const intent = form.get('intent');
  if (intent !== 'create-comment' && intent !== 'delete-comment') return undefined;
  if (!userId) {
    return reply({ ok: false, intent, formError: 'Bitte melde dich an, um zu kommentieren.' }, 401);
  }
  if (!isUuid(recipeId)) return reply({ ok: false, intent, formError: 'Dieses Rezept gibt es nicht.' }, 404);

  try {
    if (intent === 'create-comment') {
      const parsed = commentSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        return reply({ ok: false, intent, fieldErrors: commentFieldErrors(parsed.error), values: textValues(form) }, 400);
      }
      await createComment(userId, recipeId, parsed.data);
      // Post/redirect/get: the answer is a cheap 303 instead of the whole page,
      // and reloading the page afterwards does not post the comment again.
      return redirect(`/detail/${recipeId}#kommentare`, 303);
    }
    const commentId = form.get('commentId');
    if (!isUuid(commentId)) {
      return reply({ ok: false, intent, formError: 'Diesen Kommentar gibt es nicht mehr.' }, 404);
    }
    await deleteComment(userId, recipeId, commentId);
    return reply({ ok: true, intent, commentId });
  } catch (error) {
    if (error instanceof CommentError) {
      return reply({ ok: false, intent, formError: error.message, values: textValues(form) }, error.status);
    }
    log.error('comment action failed', { intent, recipeId, error });
    return reply(
      { ok: false, intent, formError: 'Ein Fehler ist aufgetreten. Bitte versuche es später erneut.', values: textValues(form) },
      503,
    );
  }
}
