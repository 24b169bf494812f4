import type { CommentFieldErrors } from './comment-schema.ts';

/** What the detail page's comment actions answer (a saved comment redirects instead); shared by action and form. */
export type CommentActionResult =
  | { ok: true; intent: 'delete-comment'; commentId: string }
  | {
      ok: false;
      intent: 'create-comment' | 'delete-comment' | 'unknown';
      fieldErrors?: CommentFieldErrors;
      formError?: string;
      /** What was typed, so a plain (no-JavaScript) form comes back filled in. */
      values?: Record<string, string>;
    };
