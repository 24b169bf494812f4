// Identity with Better Auth on our own database: e-mail + password, e-mail
// verification, password reset, sessions stored in the database (so several
// instances and restarts share them).
//
// Better Auth's HTTP handler is deliberately not mounted: every flow goes
// through our own route actions, which call `auth.api.*` on the server. So
// there is one entry point per flow, where our rate limits, the anti-bot
// check and the German messages apply (Better Auth's own limiter only runs
// inside its handler, see app/features/accounts/account-actions.server.ts).
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import type { Database } from '../db/client.server.ts';
import { getDb } from '../db/client.server.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../utils/password-policy.ts';
import { getAuthSecret } from './auth-secret.server.ts';
import { getEnv } from './env.server.ts';
import { log } from './logger.server.ts';
import { composeMail, sendMail } from './mail.server.ts';
import { hashPassword, verifyPassword } from './password-hash.server.ts';
import { findLiveSession } from './session-lookup.server.ts';

/** Carries the client IP that Express determined (TRUST_PROXY aware) to Better Auth. */
export const CLIENT_IP_HEADER = 'x-chuchiblog-client-ip';

/**
 * Better Auth's errors that the calling action judges itself: a sign-up's failed insert is most
 * often the same address sent twice at once (answered "schon ein Account"); a real failure is
 * logged as an error by the sign-up action (features/accounts/account-actions.server.ts).
 */
const DECIDED_BY_CALLER = new Set(['Failed to create user']);

/** How long a sign-in lasts; not extended by use (the privacy page says so). */
export const SESSION_DAYS = 30;

export type SessionUser = { id: string; name: string; email: string };

/** How long the link that confirms an address lasts (the sign-up's, and one sent again from /konto). */
export const VERIFICATION_LINK_HOURS = 24;

type AuthOptions = { db: Database; secret: string; publicUrl: string };

/** Mails go out in the background: the answer must not reveal (by its timing) whether an address exists. */
function deliver(mail: Parameters<typeof sendMail>[0], kind: string) {
  sendMail(mail).catch((error: unknown) => log.error('mail failed', { kind, error }));
}

export function createAuth({ db, secret, publicUrl }: AuthOptions) {
  return betterAuth({
    appName: 'Chuchiblog',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // The first name as typed (users.first_name), written with the account at sign-up: /konto splits
    // the joined name there (splitName). The library's HTTP handler, which would take it from anyone, is not mounted.
    user: { additionalFields: { firstName: { type: 'string', required: false, input: true } } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Always the site's own cost, whatever else the library might pass along.
      password: { hash: (password) => hashPassword(password), verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        deliver(
          composeMail({
            to: user.email,
            subject: 'Passwort zurücksetzen – Chuchiblog',
            name: user.name,
            intro: 'Du hast ein neues Passwort für deinen Chuchiblog-Account angefordert.',
            linkLabel: 'Neues Passwort festlegen',
            url,
            outro: 'Der Link ist eine Stunde gültig. Falls du nichts angefordert hast, kannst du diese E-Mail ignorieren.',
          }),
          'reset-password',
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * VERIFICATION_LINK_HOURS,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        deliver(
          composeMail({
            to: user.email,
            subject: 'Bitte bestätige deine E-Mail-Adresse – Chuchiblog',
            name: user.name,
            intro: 'Willkommen im Chuchiblog! Bitte bestätige noch deine E-Mail-Adresse.',
            linkLabel: 'E-Mail-Adresse bestätigen',
            url,
            outro: `Der Link ist ${VERIFICATION_LINK_HOURS} Stunden gültig. Falls du dich nicht registriert hast, kannst du diese E-Mail ignorieren.`,
          }),
          'verify-email',
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    // Our own limiter (rate-limit.server.ts) counts per IP and per address
    // in the database for every flow; this one would only guard the unmounted
    // HTTP handler. Configured anyway, should the handler ever be mounted.
    rateLimit: { enabled: true, storage: 'database', window: 60, max: 30 },
    advanced: {
      cookiePrefix: 'chuchiblog',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // authHeaders() below puts the address Express determined (TRUST_PROXY aware) here.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: {
      // Better Auth's own messages go to our structured log (which redacts secrets).
      log: (level, message) => {
        const method = level === 'error' && !DECIDED_BY_CALLER.has(message) ? 'error' : level === 'error' || level === 'warn' ? 'warn' : 'debug';
        log[method]('auth', { message });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __chuchiAuth?: { db: Database; auth: Auth } };

/** The process-wide instance, bound to the current database connection. */
export function getAuth(): Auth {
  const db = getDb();
  if (holder.__chuchiAuth?.db !== db) {
    holder.__chuchiAuth = { db, auth: createAuth({ db, secret: getAuthSecret(), publicUrl: getEnv().publicUrl }) };
  }
  return holder.__chuchiAuth.auth;
}

/**
 * The headers handed to Better Auth: only the cookie, the user agent and the
 * client IP (as Express determined it). Origin checks were done by
 * server/same-origin.ts already; a forwarded header from the client is
 * never passed on.
 */
export function authHeaders(request: Request, clientIp = 'unknown'): Headers {
  const headers = new Headers();
  const cookie = request.headers.get('cookie');
  const userAgent = request.headers.get('user-agent');
  if (cookie) headers.set('cookie', cookie);
  if (userAgent) headers.set('user-agent', userAgent);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/**
 * Set-Cookie headers that remove the session cookies, for answers after the
 * session itself is gone (the account deleted, signed out everywhere): a
 * cookie left behind would keep the browser off the page cache.
 */
export function expiredSessionCookies(): Headers {
  const secure = getEnv().secureCookies;
  const headers = new Headers();
  for (const name of ['session_token', 'session_data', 'dont_remember']) {
    const cookie = `${secure ? '__Secure-' : ''}chuchiblog.${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    headers.append('Set-Cookie', cookie);
  }
  return headers;
}

/** Whether a Cookie header may carry one of our session cookies (without asking the database). */
export function mayCarrySession(cookieHeader: string | null | undefined) {
  return Boolean(cookieHeader?.includes('chuchiblog'));
}

/** A session older than this since its last request gets "last seen" moved on (one write per interval, not per page). */
const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000;

/** Remembers when a session was last used (the account page lists it), in the background. */
function noteLastSeen(sessionId: string, updatedAt: Date) {
  if (Date.now() - updatedAt.getTime() < LAST_SEEN_INTERVAL_MS) return;
  getDb()
    .update(sessions)
    .set({ updatedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .catch((error: unknown) => log.warn('session last seen not noted', { error }));
}

/** The common case answered cheaply (lib/session-lookup.server.ts); on any doubt or failure, Better Auth decides. */
async function findLiveSessionSafely(cookieHeader: string) {
  try {
    return await findLiveSession(cookieHeader, getAuth());
  } catch (error) {
    log.warn('session fast path failed', { error });
    return undefined;
  }
}

/** The signed-in user and the id of this session (never sent to the browser), or null. */
export async function getCurrentSession(request: Request): Promise<{ user: SessionUser; sessionId: string } | null> {
  const cookie = request.headers.get('cookie');
  if (!cookie || !mayCarrySession(cookie)) return null;
  try {
    const live = await findLiveSessionSafely(cookie);
    if (live) {
      noteLastSeen(live.sessionId, live.updatedAt);
      return { user: live.user, sessionId: live.sessionId };
    }
    const session = await getAuth().api.getSession({ headers: authHeaders(request), query: { disableRefresh: true } });
    if (!session) return null;
    const { id, name, email } = session.user;
    noteLastSeen(session.session.id, new Date(session.session.updatedAt));
    return { user: { id, name, email }, sessionId: session.session.id };
  } catch (error) {
    log.warn('session lookup failed', { error });
    return null;
  }
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/**
 * The signed-in user, or a redirect to /login that comes back here afterwards.
 * Pass the loader's `url` (the page's address): on client navigations
 * `request.url` is React Router's `.data` address, no page to come back to.
 */
export async function requireUser(request: Request, pageUrl?: URL): Promise<SessionUser> {
  return (await requireCurrentSession(request, pageUrl)).user;
}

/** requireUser() with the id of this session (the account page marks it and may end the others). */
export async function requireCurrentSession(request: Request, pageUrl?: URL) {
  const current = await getCurrentSession(request);
  if (current) return current;
  const url = pageUrl ?? new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
