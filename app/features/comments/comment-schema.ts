// One schema for the comment form: the browser checks it before sending,
// the action checks it again before anything is written. Limits and texts:
// docs/product-rules.md. Written with Zod Mini: the form loads this schema
// into the browser of signed-in readers, and Zod's classic API would add
// 20 KiB (gzip) to it.
import * as z from 'zod/mini';
import { CONTROL_CHARACTER_MESSAGE, hasVisibleText, isMultiLineText, isSingleLineText } from '../../utils/plain-text.ts';
import { COMMENT_MAX_LENGTH, NICKNAME_MAX_LENGTH, type CommentField } from './comment-fields.ts';

export const RATING_REQUIRED_MESSAGE = 'Bitte gib eine Bewertung ab.';
const RATING_RANGE_MESSAGE = 'Die Bewertung geht von 1 bis 5 Sternen.';
/** Links a comment may hold (`http://`, `https://` or `www.`): enough to name a source, too few for spam. */
export const COMMENT_MAX_LINKS = 2;
const LINK = /https?:\/\/|www\./gi;

export function countLinks(text: string) {
  return text.match(LINK)?.length ?? 0;
}

// Exactly one digit: "5 ", "0x5" or "5.0" are no answer the stars can give.
const RATING_DIGIT = /^[0-5]$/;

// `satisfies`: the schema checks exactly the form's fields (comment-fields.ts).
export const commentSchema = z.object({
  // The rating control starts at 0, which means "not rated yet".
  rating: z.pipe(
    z.string({ message: RATING_REQUIRED_MESSAGE }).check(
      z.refine((value) => value !== '' && value !== '0', RATING_REQUIRED_MESSAGE),
      z.refine((value) => value === '' || RATING_DIGIT.test(value), RATING_RANGE_MESSAGE),
    ),
    z.transform(Number),
  ),
  nickname: z
    .string({ message: 'Bitte gib einen Nickname ein.' })
    .check(
      z.trim(),
      z.refine(hasVisibleText, 'Bitte gib einen Nickname ein.'),
      z.maxLength(NICKNAME_MAX_LENGTH, `Der Nickname darf höchstens ${NICKNAME_MAX_LENGTH} Zeichen lang sein.`),
      z.refine(isSingleLineText, CONTROL_CHARACTER_MESSAGE),
    ),
  comment: z
    .string({ message: 'Bitte schreibe einen Kommentar.' })
    .check(
      z.trim(),
      z.refine(hasVisibleText, 'Bitte schreibe einen Kommentar.'),
      z.maxLength(COMMENT_MAX_LENGTH, `Der Kommentar darf höchstens ${COMMENT_MAX_LENGTH} Zeichen lang sein.`),
      z.refine(isMultiLineText, CONTROL_CHARACTER_MESSAGE),
      z.refine((value) => countLinks(value) <= COMMENT_MAX_LINKS, `Ein Kommentar darf höchstens ${COMMENT_MAX_LINKS} Links enthalten.`),
    ),
} satisfies Record<CommentField, z.ZodMiniType>);

/** The recipe owner's form: no stars (they cannot rate their own recipe). */
export const ownCommentSchema = z.omit(commentSchema, { rating: true });

/**
 * What the action accepts from anyone: the rating may be missing (null), and
 * the mutation decides whether that is right (owner: must be; others: must not).
 */
export const commentPostSchema = z.extend(commentSchema, {
  rating: z.pipe(
    z.optional(z.string({ message: RATING_RANGE_MESSAGE }).check(z.refine((value) => value === '' || RATING_DIGIT.test(value), RATING_RANGE_MESSAGE))),
    z.transform((value) => (isNoRating(value) ? null : Number(value))),
  ),
});

/** A posted rating that gives no stars: none sent, empty, or the control's 0. */
export function isNoRating(value: unknown) {
  return value === undefined || value === null || value === '' || value === '0';
}

export type CommentInput = z.infer<typeof commentSchema>;
