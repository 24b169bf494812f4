/** The spec's fallback for an account without a name. */
export const NO_DISPLAY_NAME = 'Kein Anzeigename!';

/** The name shown for an account (as author, as the comment form's nickname): the stored name, or the spec's fallback. */
export function displayName(name: string | null | undefined) {
  return name?.trim() || NO_DISPLAY_NAME;
}
