/** The fixed fallback for an account without a name (docs/product-rules.md). */
export const NO_DISPLAY_NAME = 'Kein Anzeigename!';

/** The name shown for an account (as author, as the comment form's nickname): the stored name, or the fallback. */
export function displayName(name: string | null | undefined) {
  return name?.trim() || NO_DISPLAY_NAME;
}
