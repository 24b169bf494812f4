// The account page's sections, by the anchor each has (/konto#passwort).

export const SETTINGS_SECTIONS = {
  name: 'name',
  email: 'e-mail',
  password: 'passwort',
  sessions: 'geraete',
  data: 'meine-daten',
  deleteAccount: 'konto-loeschen',
} as const;

/**
 * Where a section's form posts before JavaScript runs: the page again, at the
 * section, so that the browser shows the answer where it was asked for rather
 * than at the top of a long page. With JavaScript the page stays where it is.
 */
export function settingsFormAction(section: (typeof SETTINGS_SECTIONS)[keyof typeof SETTINGS_SECTIONS], hydrated: boolean) {
  return hydrated ? undefined : `/konto#${section}`;
}
