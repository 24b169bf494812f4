// What may stand in a text field: anything a person can type or paste, but
// no control characters (NUL, escape sequences, …), no marks that turn the
// direction of the text around them, and no broken UTF-16. Nobody types them,
// PostgreSQL refuses NUL outright, a terminal or a mail client may act on
// them, and a name with a right-to-left override shows the text after it
// backwards. Refusing them in the shared schemas gives a German message under
// the field instead of a database error or a disguised text.
//
// A required field must also show something: zero-width spaces or joiners
// alone would be saved as a title nobody can see.

export const CONTROL_CHARACTER_MESSAGE = 'Dieses Feld enthält unzulässige Steuerzeichen. Bitte entferne sie.';

/**
 * C0 and C1 controls and DEL (in a multi-line field tab and line breaks are text), and the
 * direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). The plain
 * left-to-right and right-to-left marks stay: they only steer the punctuation next to them.
 */
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text is whole UTF-16: a lone surrogate becomes U+FFFD on its way to UTF-8. */
export function isWellFormedText(value: string) {
  return !LONE_SURROGATE.test(value);
}

/** A single-line field (title, name, amount …): no control character at all. */
export function isSingleLineText(value: string) {
  return !CONTROL_IN_LINE.test(value) && isWellFormedText(value);
}

/** A multi-line field (description, comment …): tabs and line breaks allowed. */
export function isMultiLineText(value: string) {
  return !CONTROL_IN_TEXT.test(value) && isWellFormedText(value);
}

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners,
 * the byte-order mark, soft hyphen), the marks that only pick a glyph's form (variation
 * selectors, the combining grapheme joiner, Mongolian free variation selectors) and the blank
 * letters used to fake an empty name (Hangul fillers, the blank Braille pattern).
 */
const NOTHING_VISIBLE = /^[\s\p{Z}\p{Cc}\p{Cf}\u034F\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Whether the text shows at least one character: a required field needs one. */
export function hasVisibleText(value: string) {
  return !NOTHING_VISIBLE.test(value);
}

/** Text as shown with its line breaks (white-space: pre-line): at most one empty line between paragraphs, however many were typed. */
export function withShortGaps(text: string) {
  // Any line break the HTML parser knows: \r\n (one break, never split in two), \n, or a lone \r.
  return text.replace(/(?:[ \t]*(?:\r\n|\r(?!\n)|\n)){3,}/g, '\n\n');
}
