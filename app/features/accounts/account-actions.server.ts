// The account flows behind the route actions: validate with the shared
// schema, count the attempt (per IP and per address, in the database), check
// the anti-bot token where docs/product-rules.md asks for one, then call Better Auth on
// the server and turn its answer into a redirect (with the session cookie)
// or a German message for the form.
import { isAPIError } from 'better-auth/api';
import { data, redirect } from 'react-router';
import { redeemAntiBotPayload } from '../../lib/anti-bot.server.ts';
import { authHeaders, getAuth } from '../../lib/auth.server.ts';
import { safeRedirectPath } from '../../utils/safe-redirect.ts';
import { getEnv } from '../../lib/env.server.ts';
import { log } from '../../lib/logger.server.ts';
import { carryNotice } from '../../lib/notice.server.ts';
import { consumeRateLimits, rateLimitKey, refundRateLimits, type RateLimitRule } from '../../lib/rate-limit.server.ts';
import { firstErrors } from '../../components/form/form-answer.ts';
import { emailHasAccount } from './account-queries.server.ts';
import {
  forgotPasswordSchema,
  fullName,
  MESSAGES,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type AccountAnswer,
  type AccountField,
} from './account-schemas.ts';

/** The account flows' limits: settings (RATE_LIMIT_*, env.server.ts), read when they apply. */
export function rateLimits() {
  const env = getEnv();
  return {
    signInPerAddress: env.RATE_LIMIT_SIGN_IN_PER_ADDRESS,
    signInPerIp: env.RATE_LIMIT_SIGN_IN_PER_IP,
    signUpPerIp: env.RATE_LIMIT_SIGN_UP_PER_IP,
    resetRequestPerAddress: env.RATE_LIMIT_RESET_MAIL_PER_ADDRESS,
    resetRequestPerIp: env.RATE_LIMIT_RESET_MAIL_PER_IP,
    resetPerIp: env.RATE_LIMIT_NEW_PASSWORD_PER_IP,
  } satisfies Record<string, RateLimitRule>;
}

type Client = { request: Request; form: FormData; clientIp: string };

/** Form fields as strings only (a file or a missing field becomes undefined). */
function fields(form: FormData) {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Why an account flow did not go through. */
type AccountRefusal =
  | 'too-many'
  | 'challenge-failed'
  | 'sign-in-failed'
  | 'email-taken'
  | 'sign-up-failed'
  | 'reset-failed'
  | 'reset-link-invalid'
  | 'logout-failed';

/** Every refusal of the account flows, as the answer says it. */
const REFUSALS: Record<AccountRefusal, { status: number; message: string; errors?: AccountAnswer['errors'] }> = {
  'too-many': { status: 429, message: MESSAGES.tooMany },
  'challenge-failed': { status: 400, message: MESSAGES.challengeFailed },
  // The same answer for an unknown address and a wrong password.
  'sign-in-failed': { status: 401, message: MESSAGES.signInFailed },
  // The spec's message above the form; why, under the field it is about (which takes the focus).
  'email-taken': { status: 409, message: MESSAGES.signUpFailed, errors: { email: MESSAGES.emailTaken } },
  // The database failed: a passing trouble (503), not the reader's mistake.
  'sign-up-failed': { status: 503, message: MESSAGES.signUpFailed },
  'reset-failed': { status: 503, message: MESSAGES.resetFailed },
  'reset-link-invalid': { status: 400, message: MESSAGES.resetLinkInvalid },
  'logout-failed': { status: 503, message: MESSAGES.logoutFailed },
};

/** The form back with the refusal's message (and what else the page needs: the values, the retry hint …). */
function refuse(reason: AccountRefusal, answer: AccountAnswer = {}) {
  const { status, message, errors } = REFUSALS[reason];
  return data<AccountAnswer>({ ...answer, formError: message, ...(errors && { errors }) }, { status });
}

/** The form back with the first message per field of a failed check. */
function invalid(errors: AccountAnswer['errors'], values?: AccountAnswer['values']) {
  return data<AccountAnswer>(values ? { errors, values } : { errors }, { status: 400 });
}

function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? String((error.body as { code?: unknown } | undefined)?.code ?? '') : undefined;
}

/** Redirects and hands over the cookies Better Auth set (session, or its removal). */
function redirectWithCookies(to: string, authResponseHeaders: Headers, ...more: string[]) {
  const headers = new Headers();
  for (const cookie of [...authResponseHeaders.getSetCookie(), ...more]) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}

async function antiBot(payload: string | undefined, values: Record<string, string>) {
  const result = await redeemAntiBotPayload(payload);
  if (result === 'ok') return undefined;
  log.warn('anti-bot check failed', { result });
  const retry = result === 'missing' || result === 'expired';
  return refuse('challenge-failed', { retryChallenge: retry, values });
}

export async function signIn({ request, form, clientIp }: Client) {
  const input = fields(form);
  const values = { email: input.email ?? '', redirectTo: safeRedirectPath(input.redirectTo, '') };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors<AccountField>(parsed.error), values);
  const { email, password } = parsed.data;
  const limits = [
    { key: rateLimitKey('sign-in', 'ip', clientIp), rule: rateLimits().signInPerIp },
    { key: rateLimitKey('sign-in', 'email', email), rule: rateLimits().signInPerAddress },
  ];
  if (!(await consumeRateLimits(limits))) return refuse('too-many', { values });
  try {
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    // The limits are for guessing: a reader who signs in and out again and again is not locked out.
    await refundRateLimits(limits.map(({ key }) => key));
    log.info('signed in');
    return redirectWithCookies(safeRedirectPath(input.redirectTo), headers);
  } catch (error) {
    if (!isAPIError(error)) log.error('sign-in failed', { error });
    return refuse('sign-in-failed', { values });
  }
}

export async function signUp({ request, form, clientIp }: Client) {
  const input = fields(form);
  const values = { firstName: input.firstName ?? '', lastName: input.lastName ?? '', email: input.email ?? '', redirectTo: safeRedirectPath(input.redirectTo, '') };
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors<AccountField>(parsed.error), values);
  const allowed = await consumeRateLimits([{ key: rateLimitKey('sign-up', 'ip', clientIp), rule: rateLimits().signUpPerIp }]);
  if (!allowed) return refuse('too-many', { values });
  const refused = await antiBot(input.altcha, values);
  if (refused) return refused;

  const { firstName, lastName, email, password } = parsed.data;
  try {
    const { headers } = await getAuth().api.signUpEmail({
      body: { name: fullName(firstName, lastName), firstName: firstName.trim(), email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    log.info('account created');
    // The page after sign-up says that a confirmation mail is on its way.
    return redirectWithCookies(safeRedirectPath(input.redirectTo), headers, await carryNotice('signed-up'));
  } catch (error) {
    const code = errorCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS')) return refuse('email-taken', { values });
    // The same address sent twice at once (a double click): the other request created the account.
    if (code === 'FAILED_TO_CREATE_USER' && (await emailHasAccount(email).catch(() => false))) return refuse('email-taken', { values });
    if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
      return invalid({ password: signUpSchema.shape.password.safeParse(password).error?.issues[0]?.message }, values);
    }
    log.error(MESSAGES.signUpFailed, { error, code });
    return refuse('sign-up-failed', { values });
  }
}

/** The same answer whether or not the address has an account. */
export async function requestPasswordReset({ form, clientIp }: Client) {
  const input = fields(form);
  const values = { email: input.email ?? '' };
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors<AccountField>(parsed.error), values);
  const { email } = parsed.data;
  const allowed = await consumeRateLimits([
    { key: rateLimitKey('reset-request', 'ip', clientIp), rule: rateLimits().resetRequestPerIp },
    { key: rateLimitKey('reset-request', 'email', email), rule: rateLimits().resetRequestPerAddress },
  ]);
  if (!allowed) return refuse('too-many', { values });
  const refused = await antiBot(input.altcha, values);
  if (refused) return refused;
  try {
    await getAuth().api.requestPasswordReset({ body: { email } });
    return data<AccountAnswer>({ ok: true, message: MESSAGES.resetSent });
  } catch (error) {
    log.error('password reset request failed', { error });
    return refuse('reset-failed', { values });
  }
}

/**
 * Whether a reset link's token is still good (known to Better Auth, not expired,
 * not used): the page then shows the form, else at once what to do instead. If
 * the database cannot say, the form shows and its action decides.
 */
export async function resetLinkIsLive(token: string) {
  try {
    const { internalAdapter } = await getAuth().$context;
    const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
    return verification ? verification.expiresAt > new Date() : false;
  } catch (error) {
    log.warn('reset link not checked', { error });
    return true;
  }
}

export async function resetPassword({ form, clientIp }: Client) {
  const input = fields(form);
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(firstErrors<AccountField>(parsed.error));
  const allowed = await consumeRateLimits([{ key: rateLimitKey('reset', 'ip', clientIp), rule: rateLimits().resetPerIp }]);
  if (!allowed) return refuse('too-many');
  try {
    // Ends every session of the user (revokeSessionsOnPasswordReset).
    await getAuth().api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } });
    log.info('password reset');
    return redirect('/login?passwort=geaendert');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED') return refuse('reset-link-invalid', { invalidLink: true });
    log.error('password reset failed', { error, code });
    return refuse('reset-failed');
  }
}

export async function signOut({ request }: { request: Request }) {
  try {
    const { headers } = await getAuth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
    return redirectWithCookies('/', headers, await carryNotice('signed-out'));
  } catch (error) {
    log.error(MESSAGES.logoutFailed, { error });
    return refuse('logout-failed');
  }
}

export type EmailVerification = 'verified' | 'invalid';

export async function verifyEmail(token: string | null): Promise<EmailVerification> {
  if (!token || token.length > 2_000) return 'invalid';
  try {
    await getAuth().api.verifyEmail({ query: { token } });
    return 'verified';
  } catch (error) {
    if (!isAPIError(error)) log.error('e-mail verification failed', { error });
    return 'invalid';
  }
}
