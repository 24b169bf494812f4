// One set of rules for the login, registration and password forms: checked
// in the browser before sending and again by the route action. Limits and
// texts: docs/product-rules.md.
import { z } from 'zod';
import type { FormAnswer } from '../../components/form/form-answer.ts';
import { displayName } from '../../utils/display-name.ts';
import { CONTROL_CHARACTER_MESSAGE, hasVisibleText, isSingleLineText } from '../../utils/plain-text.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../utils/password-policy.ts';

const email = z
  .string({ message: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(254, 'Diese E-Mail-Adresse ist zu lang.')
  .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein.'))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ message: 'Bitte gib dein Passwort ein.' })
  .min(1, 'Bitte gib dein Passwort ein.')
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`);

// No control characters: nobody types them, and the password hash (an HMAC keyed with the
// password) reads trailing NULs as nothing, so "abc" and five NULs would pass as 8 characters.
// A password typed to sign in with such a character is simply wrong (lib/password-hash.server.ts).
const newPassword = password
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
  .refine(isSingleLineText, CONTROL_CHARACTER_MESSAGE);

const name = (message: string) =>
  z.string({ message }).trim().refine(hasVisibleText, message).max(60, 'Bitte höchstens 60 Zeichen.').refine(isSingleLineText, CONTROL_CHARACTER_MESSAGE);

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  firstName: name('Bitte gib deinen Vornamen ein.'),
  lastName: name('Bitte gib deinen Nachnamen ein.'),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  // Better Auth's tokens are letters and digits; anything else is no link of ours.
  token: z.string({ message: 'Der Link ist ungültig.' }).regex(/^[\w-]{1,500}$/, 'Der Link ist ungültig.'),
  password: newPassword,
});

// The account page (/konto): each form checks only its own fields.
export const changeNameSchema = z.object({
  firstName: name('Bitte gib deinen Vornamen ein.'),
  lastName: name('Bitte gib deinen Nachnamen ein.'),
});

export const changeEmailSchema = z.object({ email });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: 'Bitte gib dein aktuelles Passwort ein.' })
      .min(1, 'Bitte gib dein aktuelles Passwort ein.')
      .max(PASSWORD_MAX_LENGTH, 'Das aktuelle Passwort stimmt nicht.'),
    newPassword,
  })
  // The same password again would change nothing, yet end every other session and send a mail.
  .refine(({ currentPassword, newPassword }) => currentPassword !== newPassword, {
    message: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
    path: ['newPassword'],
  });

/** Asking for a new confirmation link: a button, no fields. */
export const resendVerificationSchema = z.object({});

export const DELETE_CONFIRMATION = 'Ja, lösche mein Konto und alle meine Rezepte, Bilder und Kommentare endgültig.';

export const deleteAccountSchema = z.object({
  password,
  confirm: z.literal('ja', { message: 'Bitte bestätige, dass du dein Konto endgültig löschen möchtest.' }),
});

/**
 * The first and last name as the account form shows them. Names are stored joined; the first name
 * as typed (`storedFirstName`) says where they split ("Anna Maria" | "von Känel"). Without it (an
 * account from before, or a name that no longer starts with it) the first word is the first name.
 */
export function splitName(name: string, storedFirstName?: string | null) {
  const joined = name.trim();
  if (storedFirstName && (joined === storedFirstName || joined.startsWith(`${storedFirstName} `))) {
    return { firstName: storedFirstName, lastName: joined.slice(storedFirstName.length).trim() };
  }
  const [firstName = '', ...rest] = joined.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The account's name as the pages show it: first and last name joined by a space. */
export function fullName(firstName: string, lastName: string) {
  return displayName([firstName.trim(), lastName.trim()].filter(Boolean).join(' '));
}

export type AccountField = 'firstName' | 'lastName' | 'email' | 'password' | 'token' | 'currentPassword' | 'newPassword' | 'confirm';

/**
 * What an account action answers when it did not redirect: the form kit's answer (passwords are never sent back) and the flows' extras.
 * Its values carry `redirectTo` back from a refused login, so that the next try still goes there (without JavaScript the page's
 * address may not carry it).
 */
export type AccountAnswer = FormAnswer<{ firstName?: string; lastName?: string; email?: string; redirectTo?: string }, AccountField> & {
  ok?: boolean;
  /** A success message (the reset mail is on its way). */
  message?: string;
  /** The anti-bot token was missing or expired: solve a new one and send again (once). */
  retryChallenge?: boolean;
  /** The reset link is expired or used. */
  invalidLink?: boolean;
};

/** The forms of the account page; the action's answer names the one it answers. */
export type SettingsIntent = 'name' | 'email' | 'resend-verification' | 'password' | 'end-session' | 'end-all-sessions' | 'delete-account';

export type FormAnswerOf = FormAnswer<{ firstName?: string; lastName?: string; email?: string }, AccountField>;

/** What the account page's action answers when it does not redirect. */
export type SettingsAnswer = FormAnswerOf & { intent: SettingsIntent; message?: string };

export const MESSAGES = {
  signInFailed: 'Benutzername oder Passwort falsch!',
  signUpFailed: 'Fehler beim Erstellen des Benutzers!',
  // Under the E-Mail field, with the spec's message for a failed sign-up above the form.
  emailTaken: 'Mit dieser E-Mail-Adresse besteht bereits ein Account. Melde dich an oder setze dein Passwort zurück.',
  tooMany: 'Zu viele Versuche. Bitte warte ein paar Minuten und versuche es dann erneut.',
  challengeFailed: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte lade die Seite neu und versuche es noch einmal.',
  resetSent: 'E-Mail um das Passwort zurückzusetzen wurde gesendet. Bitte überprüfe deinen Posteingang.',
  resetFailed: 'Ein Fehler ist aufgetreten. Bitte versuche es später erneut.',
  resetLinkInvalid: 'Dieser Link ist abgelaufen oder wurde bereits verwendet. Bitte fordere einen neuen an.',
  passwordChanged: 'Dein Passwort wurde geändert. Du kannst dich jetzt mit dem neuen Passwort anmelden.',
  accountDeleted: 'Dein Konto und alle deine Daten sind gelöscht. Schade, dass du gehst!',
  signedOutEverywhere: 'Du bist jetzt auf allen Geräten abgemeldet.',
  logoutFailed: 'Fehler beim Ausloggen',
} as const;
