// The session look-up of every personal render (lib/session-lookup.server.ts)
// answers a live session itself and leaves every other case to Better Auth:
// both must agree on who is signed in, at every request, with nothing remembered.
process.env.AUTH_SECRET ??= 'integration-test-secret-0123456789abcdefghij';
process.env.PUBLIC_URL ??= 'http://localhost:3000';

import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { sessions } from '../../app/db/schema/auth.ts';
import { getAuthSecret } from '../../app/lib/auth-secret.server.ts';
import { createAuth, getAuth, getCurrentSession, getSessionUser } from '../../app/lib/auth.server.ts';
import { findLiveSession } from '../../app/lib/session-lookup.server.ts';
import { createAccount, TEST_PASSWORD } from '../support/accounts.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

/** The Cookie header a browser would send back after these Set-Cookie headers. */
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signedIn(name: string) {
  const user = await createAccount(name);
  const { headers } = await getAuth().api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD }, returnHeaders: true });
  const cookie = cookieOf(headers);
  return { user, cookie, request: () => new Request('http://localhost/profile', { headers: { cookie } }) };
}

const live = (cookie: string) => findLiveSession(cookie, getAuthSecret(), false);

test('a live session is answered here, with the user and the session Better Auth names', async () => {
  const { user, cookie, request } = await signedIn('Ursina Caduff');
  const ours = await live(cookie);
  const theirs = await getAuth().api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } });
  expect(ours).toMatchObject({ sessionId: theirs?.session.id, user: { id: user.id, name: 'Ursina Caduff', email: user.email } });
  expect(await getCurrentSession(request())).toEqual({ user: ours?.user, sessionId: theirs?.session.id });
});

test('on https the session cookie is found under the name Better Auth gives it there (__Secure-)', async () => {
  const user = await createAccount('Reto Vital');
  const https = createAuth({ db: getDb(), secret: getAuthSecret(), publicUrl: 'https://chuchiblog.example' });
  const { headers } = await https.api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD }, returnHeaders: true });
  const cookie = cookieOf(headers);
  expect(cookie).toMatch(/^__Secure-chuchiblog\.session_token=/);
  expect((await findLiveSession(cookie, getAuthSecret(), true))?.user.id).toBe(user.id);
});

test('a wrong signature, junk after it or a token of no session is nobody, here and for Better Auth', async () => {
  const { cookie } = await signedIn('Ladina Flisch');
  const value = cookie.match(/chuchiblog\.session_token=([^;]+)/)?.[1] ?? '';
  const token = decodeURIComponent(value).split('.')[0] ?? '';
  const forgedCookies = [
    `chuchiblog.session_token=${token}.${'A'.repeat(43)}=`,
    `chuchiblog.session_token=${value}x`,
    `chuchiblog.session_token=${token}`,
    'chuchiblog.session_token=kein-token.abc',
  ];
  for (const forged of forgedCookies) {
    expect(await live(forged)).toBeUndefined();
    expect(await getSessionUser(new Request('http://localhost/', { headers: { cookie: forged } }))).toBeNull();
  }
});

test('a session that ended is nobody at the very next request', async () => {
  const { cookie, request } = await signedIn('Gian Casty');
  expect(await getSessionUser(request())).not.toBeNull();
  await getAuth().api.signOut({ headers: new Headers({ cookie }) });
  expect(await live(cookie)).toBeUndefined();
  expect(await getSessionUser(request())).toBeNull();
});

test('an expired session is nobody, and Better Auth removes it', async () => {
  const { user, cookie, request } = await signedIn('Mirta Pult');
  await getDb()
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, user.id));
  expect(await live(cookie)).toBeUndefined();
  expect(await getSessionUser(request())).toBeNull();
  expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
});
