// The comment form's fields and limits without its schema: the form's markup
// needs these on every signed-in recipe, the schema (Zod) only when the form
// is about to be used (comment-form-checks.ts). comment-schema.ts builds on them.

/** The form's fields, in the order the form shows them. */
export const COMMENT_FIELDS = ['rating', 'nickname', 'comment'] as const;
export type CommentField = (typeof COMMENT_FIELDS)[number];
/** What the form holds: text as typed. */
export type CommentFormValues = Partial<Record<CommentField, string>>;

export const COMMENT_MAX_LENGTH = 2000;
export const NICKNAME_MAX_LENGTH = 60;
export const OWN_RECIPE_RATING_MESSAGE = 'Dein eigenes Rezept kannst du nicht bewerten.';
/** The comment form's honeypot: an input people never see or fill; a filled one is a robot's. */
export const HONEYPOT_FIELD = 'website';
