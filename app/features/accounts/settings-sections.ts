// The account page's sections, by the anchor each has (/konto#passwort), and
// the section each form of the page sits in.
import type { SettingsIntent } from './account-schemas.ts';

export const SETTINGS_SECTIONS = {
  name: 'name',
  email: 'e-mail',
  password: 'passwort',
  sessions: 'geraete',
  data: 'meine-daten',
  deleteAccount: 'konto-loeschen',
} as const;

const SECTION_OF: Record<SettingsIntent, (typeof SETTINGS_SECTIONS)[keyof typeof SETTINGS_SECTIONS]> = {
  name: SETTINGS_SECTIONS.name,
  email: SETTINGS_SECTIONS.email,
  'resend-verification': SETTINGS_SECTIONS.email,
  password: SETTINGS_SECTIONS.password,
  'end-session': SETTINGS_SECTIONS.sessions,
  'end-all-sessions': SETTINGS_SECTIONS.sessions,
  'delete-account': SETTINGS_SECTIONS.deleteAccount,
};

/**
 * Where a form posts before JavaScript runs: the page again, at the form's
 * section, so that the browser shows the answer where it was asked for rather
 * than at the top of a long page. With JavaScript the page stays where it is.
 */
export function settingsFormAction(intent: SettingsIntent, hydrated: boolean) {
  return hydrated ? undefined : `/konto#${SECTION_OF[intent]}`;
}
