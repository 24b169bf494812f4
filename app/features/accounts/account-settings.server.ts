// The account page's forms behind its route action: one function per intent.
// Each checks the form with the shared schema, counts the attempt per
// account, makes the change (account-mutations, account-sessions, Better Auth
// for the password) and answers the form kit's answer, or redirects. The
// refusals and their German texts are SETTINGS_REFUSALS below; the rules are
// in docs/product-rules.md, "Accounts".
import { isAPIError } from 'better-auth/api';
import { data, redirect } from 'react-router';
import { firstErrors } from '../../components/form/form-answer.ts';
import { authHeaders, expiredSessionCookies, getAuth, VERIFICATION_LINK_HOURS, type SessionUser } from '../../lib/auth.server.ts';
import { contentChanged } from '../../lib/content-version.server.ts';
import { getEnv, type RateLimitSetting } from '../../lib/env.server.ts';
import { UNKNOWN_INTENT_MESSAGE } from '../../lib/form-data.server.ts';
import { log } from '../../lib/logger.server.ts';
import { composeMail, sendMail, type Mail } from '../../lib/mail.server.ts';
import { verifyPassword } from '../../lib/password-hash.server.ts';
import { consumeRateLimit, rateLimitKey } from '../../lib/rate-limit.server.ts';
import { removeImageFiles } from '../images/image-mutations.server.ts';
import { footprintInWords } from './account-footprint.ts';
import {
  applyEmailChange,
  deleteAccountData,
  EMAIL_CHANGE_HOURS,
  isEmailTaken,
  renameAccount,
  saveEmailChange,
  type EmailChangeResult,
} from './account-mutations.server.ts';
import {
  changeEmailSchema,
  changeNameSchema,
  changePasswordSchema,
  deleteAccountSchema,
  fullName,
  type AccountField,
  type FormAnswerOf,
  type SettingsAnswer,
  type SettingsIntent,
} from './account-schemas.ts';
import { endOtherSessions, endSession } from './account-sessions.server.ts';
import { accountFootprint, getCredentialHash, isEmailVerified } from './account-queries.server.ts';

/** Per account (settings): enough for typing errors, too few to guess a password with a stolen session. */
const SETTINGS_LIMITS = {
  name: 'RATE_LIMIT_NAME_CHANGES_PER_USER',
  email: 'RATE_LIMIT_EMAIL_CHANGES_PER_USER',
  verification: 'RATE_LIMIT_VERIFICATION_MAILS_PER_USER',
  password: 'RATE_LIMIT_PASSWORD_CHANGES_PER_USER',
  deletion: 'RATE_LIMIT_ACCOUNT_DELETIONS_PER_USER',
} satisfies Record<string, RateLimitSetting>;

type SettingsRefusal = 'too-many' | 'unknown-intent' | 'unavailable';

const SETTINGS_REFUSALS: Record<SettingsRefusal, { status: number; message: string }> = {
  'too-many': { status: 429, message: 'Zu viele Versuche. Bitte warte ein paar Minuten und versuche es dann erneut.' },
  'unknown-intent': { status: 400, message: UNKNOWN_INTENT_MESSAGE },
  unavailable: { status: 503, message: 'Das hat gerade nicht geklappt. Bitte versuche es in einem Moment noch einmal.' },
};

/** Field messages that only the server can know (the check of the form itself is the schema's). */
export const SETTINGS_MESSAGES = {
  sameEmail: 'Das ist bereits deine E-Mail-Adresse.',
  emailTaken: 'Diese E-Mail-Adresse gehört schon zu einem anderen Konto.',
  wrongPassword: 'Das Passwort stimmt nicht.',
  nameChanged: 'Dein Name ist geändert.',
  passwordChanged: 'Dein Passwort ist geändert. Alle anderen Geräte sind abgemeldet.',
  sessionEnded: 'Das Gerät ist abgemeldet.',
  /** Ended in another tab, or an id that is none of this account's sessions (which ends nothing). */
  sessionAlreadyEnded: 'Dieses Gerät war schon abgemeldet.',
  emailLinkInvalid: 'Dieser Link ist abgelaufen oder wurde bereits verwendet. Bitte ändere deine E-Mail-Adresse noch einmal.',
  alreadyVerified: 'Deine E-Mail-Adresse ist schon bestätigt.',
} as const;

type Settings = { request: Request; form: FormData; user: SessionUser; sessionId: string };

function input(form: FormData) {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

function answer(intent: SettingsIntent, body: Omit<SettingsAnswer, 'intent'>, status = 200) {
  return data<SettingsAnswer>({ intent, ...body }, { status });
}

function refuse(intent: SettingsIntent, reason: SettingsRefusal, body: Omit<SettingsAnswer, 'intent'> = {}) {
  const { status, message } = SETTINGS_REFUSALS[reason];
  return answer(intent, { ...body, formError: message }, status);
}

function invalid(intent: SettingsIntent, errors: FormAnswerOf['errors'], values?: FormAnswerOf['values']) {
  return answer(intent, values ? { errors, values } : { errors }, 400);
}

function allowed(scope: keyof typeof SETTINGS_LIMITS, user: SessionUser) {
  return consumeRateLimit(rateLimitKey(`account-${scope}`, 'user', user.id), getEnv()[SETTINGS_LIMITS[scope]]);
}

/** Mails go out in the background; a failure is logged (the change itself stands). */
function deliver(mail: Mail, kind: string) {
  sendMail(mail).catch((error: unknown) => log.error('mail failed', { kind, error }));
}

export async function changeName({ form, user }: Settings) {
  const fields = input(form);
  const values = { firstName: fields.firstName ?? '', lastName: fields.lastName ?? '' };
  const parsed = changeNameSchema.safeParse(fields);
  if (!parsed.success) return invalid('name', firstErrors<AccountField>(parsed.error), values);
  if (!(await allowed('name', user))) return refuse('name', 'too-many', { values });
  await renameAccount(user.id, fullName(parsed.data.firstName, parsed.data.lastName), parsed.data.firstName.trim());
  // Recipes and comments show the name: every cached page must learn it.
  await contentChanged('pages');
  log.info('account renamed');
  return answer('name', { message: SETTINGS_MESSAGES.nameChanged });
}

export async function requestEmailChange({ form, user }: Settings) {
  const fields = input(form);
  const values = { email: fields.email ?? '' };
  const parsed = changeEmailSchema.safeParse(fields);
  if (!parsed.success) return invalid('email', firstErrors<AccountField>(parsed.error), values);
  const { email } = parsed.data;
  if (email === user.email) return invalid('email', { email: SETTINGS_MESSAGES.sameEmail }, values);
  if (!(await allowed('email', user))) return refuse('email', 'too-many', { values });
  // Signing up says so too: an address is no secret to someone signed in.
  if (await isEmailTaken(email)) return invalid('email', { email: SETTINGS_MESSAGES.emailTaken }, values);
  const token = await saveEmailChange(user.id, email);
  const { publicUrl } = getEnv();
  deliver(
    composeMail({
      to: email,
      subject: 'Bitte bestätige deine neue E-Mail-Adresse – Chuchiblog',
      name: user.name,
      intro: `Du möchtest die E-Mail-Adresse deines Chuchiblog-Kontos auf ${email} ändern. Bitte bestätige, dass diese Adresse dir gehört.`,
      linkLabel: 'Neue E-Mail-Adresse bestätigen',
      url: `${publicUrl}/konto/email-bestaetigen?token=${encodeURIComponent(token)}`,
      outro: `Der Link ist ${EMAIL_CHANGE_HOURS} Stunden gültig. Bis du ihn öffnest, bleibt deine bisherige Adresse gültig. Falls du nichts geändert hast, kannst du diese E-Mail ignorieren.`,
    }),
    'change-email',
  );
  log.info('e-mail change requested');
  return answer('email', {
    message: `Fast geschafft: Wir haben dir einen Link an ${email} geschickt. Deine Adresse ändert sich, sobald du ihn öffnest.`,
  });
}

/** A new confirmation link for an address not confirmed yet (the first one lasts 24 hours). */
export async function resendVerification({ request, user }: Settings) {
  const alreadyVerified = () => answer('resend-verification', { message: SETTINGS_MESSAGES.alreadyVerified });
  if (await isEmailVerified(user.id)) return alreadyVerified();
  if (!(await allowed('verification', user))) return refuse('resend-verification', 'too-many');
  try {
    // The library checks the session's address and sends the mail (auth.server.ts, emailVerification).
    await getAuth().api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(request) });
  } catch (error) {
    // Confirmed in between (the library refuses then): say so rather than "nicht geklappt".
    if (await isEmailVerified(user.id)) return alreadyVerified();
    throw error;
  }
  log.info('confirmation link sent again');
  return answer('resend-verification', {
    message: `Wir haben dir einen neuen Link an ${user.email} geschickt. Er ist ${VERIFICATION_LINK_HOURS} Stunden gültig.`,
  });
}

/** The link from the mail to the new address. The old address hears of it. */
export async function confirmEmailChange(token: string | null): Promise<'changed' | Extract<EmailChangeResult, { ok: false }>['reason']> {
  if (!token || token.length > 300) return 'invalid-link';
  const result = await applyEmailChange(token);
  if (!result.ok) return result.reason;
  await contentChanged('pages');
  const { publicUrl } = getEnv();
  deliver(
    composeMail({
      to: result.oldEmail,
      subject: 'Deine E-Mail-Adresse wurde geändert – Chuchiblog',
      name: result.name,
      intro: `Die E-Mail-Adresse deines Chuchiblog-Kontos ist jetzt ${result.newEmail}. An diese Adresse (${result.oldEmail}) schicken wir nichts mehr.`,
      linkLabel: 'Zum Konto',
      url: `${publicUrl}/konto`,
      outro: 'Falls du das nicht warst, melde dich bitte sofort beim Betreiber des Blogs (siehe Impressum).',
    }),
    'email-changed',
  );
  log.info('e-mail changed');
  return 'changed';
}

export async function changePassword({ request, form, user }: Settings) {
  const parsed = changePasswordSchema.safeParse(input(form));
  if (!parsed.success) return invalid('password', firstErrors<AccountField>(parsed.error));
  if (!(await allowed('password', user))) return refuse('password', 'too-many');
  let headers: Headers;
  try {
    // Better Auth checks the current password, stores the new hash, ends every
    // session and opens a new one for this browser (its cookie comes back below).
    ({ headers } = await getAuth().api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
      headers: authHeaders(request),
      returnHeaders: true,
    }));
  } catch (error) {
    const code = isAPIError(error) ? String((error.body as { code?: unknown } | undefined)?.code ?? '') : undefined;
    if (code === 'INVALID_PASSWORD') return invalid('password', { currentPassword: SETTINGS_MESSAGES.wrongPassword });
    log.error('password change failed', { error, code });
    return refuse('password', 'unavailable');
  }
  const { publicUrl } = getEnv();
  deliver(
    composeMail({
      to: user.email,
      subject: 'Dein Passwort wurde geändert – Chuchiblog',
      name: user.name,
      intro: 'Dein Passwort wurde geändert. Alle Geräte ausser dem, auf dem du es geändert hast, sind abgemeldet.',
      linkLabel: 'Passwort zurücksetzen',
      url: `${publicUrl}/forgot`,
      outro: 'Warst du das nicht? Dann setze dein Passwort sofort über den Link zurück.',
    }),
    'password-changed',
  );
  log.info('password changed');
  const response = redirect('/konto?geaendert=passwort');
  for (const cookie of headers.getSetCookie()) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** Better Auth's session ids are 32 letters and digits; anything else (a NUL, which PostgreSQL refuses) names no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,200}$/;

export async function endOneSession({ form, user, sessionId }: Settings) {
  const target = input(form).sessionId ?? '';
  // Ending this very session is signing out; the list offers it only for the others.
  if (!SESSION_ID.test(target)) return refuse('end-session', 'unknown-intent');
  const ended = await endSession(user.id, target);
  if (target === sessionId) return redirect('/login', { headers: expiredSessionCookies() });
  if (!ended) return answer('end-session', { message: SETTINGS_MESSAGES.sessionAlreadyEnded });
  log.info('session ended');
  return answer('end-session', { message: SETTINGS_MESSAGES.sessionEnded });
}

export async function endAllSessions({ user, sessionId }: Settings) {
  await endOtherSessions(user.id, sessionId);
  await endSession(user.id, sessionId);
  log.info('signed out everywhere');
  return redirect('/login?abgemeldet=ueberall', { headers: expiredSessionCookies() });
}

export async function deleteAccount({ form, user }: Settings) {
  const parsed = deleteAccountSchema.safeParse(input(form));
  if (!parsed.success) return invalid('delete-account', firstErrors<AccountField>(parsed.error));
  if (!(await allowed('deletion', user))) return refuse('delete-account', 'too-many');
  const hash = await getCredentialHash(user.id);
  if (!hash || !(await verifyPassword({ hash, password: parsed.data.password }))) {
    return invalid('delete-account', { password: SETTINGS_MESSAGES.wrongPassword });
  }
  const footprint = await accountFootprint(user.id);
  const taken = footprintInWords(footprint, 'nominative');
  const deleted = await deleteAccountData(user.id, user.email);
  if (!deleted) return redirect('/login', { headers: expiredSessionCookies() });
  // Removing the pictures' files marks the change once they are gone, for the recipes and comments too.
  if (!(await removeImageFiles(deleted.imageIds))) await contentChanged('pages');
  const { publicUrl } = getEnv();
  deliver(
    composeMail({
      to: user.email,
      subject: 'Dein Konto wurde gelöscht – Chuchiblog',
      name: user.name,
      intro: `Dein Konto im Chuchiblog ist gelöscht${taken ? `, mit allem, was dazugehörte: ${taken}` : ''}. Schade, dass du gehst!`,
      linkLabel: 'Zum Chuchiblog',
      url: publicUrl,
      outro: 'Du bist jederzeit wieder willkommen. Diese E-Mail ist die letzte, die du von uns bekommst.',
    }),
    'account-deleted',
  );
  log.info('account deleted', { recipes: footprint.recipes, comments: footprint.comments, pictures: footprint.pictures });
  return redirect('/login?konto=geloescht', { headers: expiredSessionCookies() });
}

const ACTIONS: Record<SettingsIntent, (settings: Settings) => Promise<Response | ReturnType<typeof answer>>> = {
  name: changeName,
  email: requestEmailChange,
  'resend-verification': resendVerification,
  password: changePassword,
  'end-session': endOneSession,
  'end-all-sessions': endAllSessions,
  'delete-account': deleteAccount,
};

function isIntent(value: unknown): value is SettingsIntent {
  return typeof value === 'string' && Object.hasOwn(ACTIONS, value);
}

/** The account page's action: the form's intent picks the flow. */
export async function accountSettingsAction(settings: Settings) {
  const intent = settings.form.get('intent');
  if (!isIntent(intent)) return data({ formError: SETTINGS_REFUSALS['unknown-intent'].message }, { status: 400 });
  try {
    return await ACTIONS[intent](settings);
  } catch (error) {
    log.error('account change failed', { intent, error });
    return refuse(intent, 'unavailable');
  }
}
