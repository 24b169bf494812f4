// The account flows behind the route actions: validate with the shared
// schema, count the attempt (per IP and per address, in the database), check
// the anti-bot token where the spec asks for one, then call Better Auth on
// the server and turn its answer into a redirect (with the session cookie)
// or a German message for the form.
import { isAPIError } from 'better-auth/api';
import { data, redirect } from 'react-router';
import { redeemAntiBotPayload } from '../../lib/anti-bot.server.ts';
import { authHeaders, getAuth, safeRedirectPath } from '../../lib/auth.server.ts';
import { log } from '../../lib/logger.server.ts';
import { consumeRateLimits, rateLimitKey, type RateLimitRule } from '../../lib/rate-limit.server.ts';
import {
  fieldErrors,
  forgotPasswordSchema,
  fullName,
  MESSAGES,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type FormResult,
} from './account-schemas.ts';

const MINUTE = 60;
export const RATE_LIMITS = {
  signInPerAddress: { max: 5, windowSeconds: 15 * MINUTE },
  signInPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  signUpPerIp: { max: 10, windowSeconds: 60 * MINUTE },
  resetRequestPerAddress: { max: 3, windowSeconds: 60 * MINUTE },
  resetRequestPerIp: { max: 10, windowSeconds: 60 * MINUTE },
  resetPerIp: { max: 10, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type Client = { request: Request; form: FormData; clientIp: string };

/** Form fields as strings only (a file or a missing field becomes undefined). */
function fields(form: FormData) {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of form) if (typeof value === 'string') out[key] = value;
  return out;
}

function fail(result: FormResult, status = 400) {
  return data(result, { status });
}

function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? String((error.body as { code?: unknown } | undefined)?.code ?? '') : undefined;
}

/** Redirects and hands over the cookies Better Auth set (session, or its removal). */
function redirectWithCookies(to: string, authResponseHeaders: Headers) {
  const headers = new Headers();
  for (const cookie of authResponseHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}

async function antiBot(payload: string | undefined, values: Record<string, string>) {
  const result = await redeemAntiBotPayload(payload);
  if (result === 'ok') return undefined;
  log.warn('anti-bot check failed', { result });
  const retry = result === 'missing' || result === 'expired';
  return fail({ formError: MESSAGES.challengeFailed, retryChallenge: retry, values });
}

export async function signIn({ request, form, clientIp }: Client) {
  const input = fields(form);
  const values = { email: input.email ?? '' };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return fail({ errors: fieldErrors(parsed.error), values });
  const { email, password } = parsed.data;
  const allowed = await consumeRateLimits([
    { key: rateLimitKey('sign-in', 'ip', clientIp), rule: RATE_LIMITS.signInPerIp },
    { key: rateLimitKey('sign-in', 'email', email), rule: RATE_LIMITS.signInPerAddress },
  ]);
  if (!allowed) return fail({ formError: MESSAGES.tooMany, values }, 429);
  try {
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    log.info('signed in');
    return redirectWithCookies(safeRedirectPath(input.redirectTo), headers);
  } catch (error) {
    if (!isAPIError(error)) log.error('sign-in failed', { error });
    return fail({ formError: MESSAGES.signInFailed, values }, 401);
  }
}

export async function signUp({ request, form, clientIp }: Client) {
  const input = fields(form);
  const values = { firstName: input.firstName ?? '', lastName: input.lastName ?? '', email: input.email ?? '' };
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return fail({ errors: fieldErrors(parsed.error), values });
  const allowed = await consumeRateLimits([{ key: rateLimitKey('sign-up', 'ip', clientIp), rule: RATE_LIMITS.signUpPerIp }]);
  if (!allowed) return fail({ formError: MESSAGES.tooMany, values }, 429);
  const refused = await antiBot(input.altcha, values);
  if (refused) return refused;

  const { firstName, lastName, email, password } = parsed.data;
  try {
    const { headers } = await getAuth().api.signUpEmail({
      body: { name: fullName(firstName, lastName), email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    log.info('account created');
    return redirectWithCookies(safeRedirectPath(input.redirectTo), headers);
  } catch (error) {
    const code = errorCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS')) return fail({ formError: MESSAGES.emailTaken, values }, 409);
    if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
      return fail({ errors: { password: signUpSchema.shape.password.safeParse(password).error?.issues[0]?.message }, values });
    }
    log.error(MESSAGES.signUpFailed, { error, code });
    return fail({ formError: MESSAGES.signUpFailed, values }, 500);
  }
}

/** The same answer whether or not the address has an account. */
export async function requestPasswordReset({ form, clientIp }: Client) {
  const input = fields(form);
  const values = { email: input.email ?? '' };
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return fail({ errors: fieldErrors(parsed.error), values });
  const { email } = parsed.data;
  const allowed = await consumeRateLimits([
    { key: rateLimitKey('reset-request', 'ip', clientIp), rule: RATE_LIMITS.resetRequestPerIp },
    { key: rateLimitKey('reset-request', 'email', email), rule: RATE_LIMITS.resetRequestPerAddress },
  ]);
  if (!allowed) return fail({ formError: MESSAGES.tooMany, values }, 429);
  const refused = await antiBot(input.altcha, values);
  if (refused) return refused;
  try {
    await getAuth().api.requestPasswordReset({ body: { email } });
    return data<FormResult>({ ok: true, message: MESSAGES.resetSent });
  } catch (error) {
    log.error('password reset request failed', { error });
    return fail({ formError: MESSAGES.resetFailed, values }, 500);
  }
}

export async function resetPassword({ form, clientIp }: Client) {
  const input = fields(form);
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return fail({ errors: fieldErrors(parsed.error) });
  const allowed = await consumeRateLimits([{ key: rateLimitKey('reset', 'ip', clientIp), rule: RATE_LIMITS.resetPerIp }]);
  if (!allowed) return fail({ formError: MESSAGES.tooMany }, 429);
  try {
    // Ends every session of the user (revokeSessionsOnPasswordReset).
    await getAuth().api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } });
    log.info('password reset');
    return redirect('/login?passwort=geaendert');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED') return fail({ formError: MESSAGES.resetLinkInvalid, invalidLink: true });
    log.error('password reset failed', { error, code });
    return fail({ formError: MESSAGES.resetFailed }, 500);
  }
}

export async function signOut({ request }: { request: Request }) {
  try {
    const { headers } = await getAuth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
    return redirectWithCookies('/', headers);
  } catch (error) {
    log.error(MESSAGES.logoutFailed, { error });
    return fail({ formError: MESSAGES.logoutFailed }, 503);
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
