import type { FormAnswer } from '../../components/form/form-answer.ts';
import type { CommentFormValues } from './comment-fields.ts';

/** What the detail page's comment actions answer (a saved comment redirects instead); shared by action and form. */
export type CommentActionResult =
  | { ok: true; intent: 'delete-comment'; commentId: string }
  | ({ ok: false; intent: 'create-comment' | 'delete-comment' | 'unknown' } & FormAnswer<CommentFormValues>);
