// What may stand in a text field: anything a person can type or paste, but
// no control characters (NUL, escape sequences, …) and no broken UTF-16.
// Nobody types them, PostgreSQL refuses NUL outright, and a terminal or a
// mail client may act on them. Refusing them in the shared schemas gives a
// German message under the field instead of a database error.

export const CONTROL_CHARACTER_MESSAGE = 'Dieses Feld enthält unzulässige Steuerzeichen. Bitte entferne sie.';

/** C0 and C1 controls and DEL; in a multi-line field tab and line breaks are text. */
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A single-line field (title, name, amount …): no control character at all. */
export function isSingleLineText(value: string) {
  return !CONTROL_IN_LINE.test(value) && !LONE_SURROGATE.test(value);
}

/** A multi-line field (description, comment …): tabs and line breaks allowed. */
export function isMultiLineText(value: string) {
  return !CONTROL_IN_TEXT.test(value) && !LONE_SURROGATE.test(value);
}

/** Text as shown with its line breaks (white-space: pre-line): at most one empty line between paragraphs, however many were typed. */
export function withShortGaps(text: string) {
  // Any line break the HTML parser knows: \r\n (one break, never split in two), \n, or a lone \r.
  return text.replace(/(?:[ \t]*(?:\r\n|\r(?!\n)|\n)){3,}/g, '\n\n');
}
