// The session look-up of every personal render (lib/session-lookup.server.ts)
// answers a live session itself and leaves every other case to Better Auth:
// both must agree on who is signed in, at every request. What PGlite remembers
// is forgotten at every change to a session or a person.
process.env.AUTH_SECRET ??= 'integration-test-secret-0123456789abcdefghij';
process.env.PUBLIC_URL ??= 'http://localhost:3000';

import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getConnection, getDb } from '../../app/db/client.server.ts';
import { sessions, users } from '../../app/db/schema/auth.ts';
import { getAuthSecret } from '../../app/lib/auth-secret.server.ts';
import { createAuth, getAuth, getCurrentSession, getSessionUser } from '../../app/lib/auth.server.ts';
import { findLiveSession } from '../../app/lib/session-lookup.server.ts';
import { createAccount, TEST_PASSWORD } from '../support/accounts.ts';
import { postgresUrl, useTestDatabase } from '../support/test-db.ts';

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

/** The fast path alone. */
const live = (cookie: string, auth = getAuth()) => findLiveSession(cookie, auth);

/** Who Better Auth alone says is signed in. */
async function betterAuthUserId(cookie: string) {
  return (await getAuth().api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } }))?.user.id ?? null;
}

test('a live session is answered here, with the user and the session Better Auth names', async () => {
  const { user, cookie, request } = await signedIn('Ursina Caduff');
  const ours = await live(cookie);
  const theirs = await getAuth().api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } });
  expect(ours).toMatchObject({ sessionId: theirs?.session.id, user: { id: user.id, name: 'Ursina Caduff', email: user.email } });
  expect(await getCurrentSession(request())).toEqual({ user: ours?.user, sessionId: theirs?.session.id });
});

test('on https (the __Secure- cookie) a live session is found here too', async () => {
  const user = await createAccount('Reto Vital');
  const https = createAuth({ db: getDb(), secret: getAuthSecret(), publicUrl: 'https://chuchiblog.example' });
  const { headers } = await https.api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD }, returnHeaders: true });
  const cookie = cookieOf(headers);
  expect(cookie).toMatch(/^__Secure-chuchiblog\.session_token=/);
  expect((await live(cookie, https))?.user.id).toBe(user.id);
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

test('however the cookie header is written, the answer is the one Better Auth gives', async () => {
  const { user, cookie } = await signedIn('Corsin Derungs');
  const value = cookie.match(/chuchiblog\.session_token=([^;]+)/)?.[1] ?? '';
  const [token = '', signature = ''] = decodeURIComponent(value).split('.');
  // The last base64 digit carries two padding bits: flipping one decodes to the same MAC.
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lastDigit = digits[digits.indexOf(signature.at(-2) ?? 'A') ^ 1];
  const nonCanonical = `${token}.${signature.slice(0, -2)}${lastDigit}=`;
  const headers = {
    plain: { header: cookie, fast: true },
    quoted: { header: `chuchiblog.session_token="${value}"`, fast: true },
    'spaces and other cookies': { header: `theme=dark ;  chuchiblog.session_token=${value} ; x=1`, fast: true },
    'not percent-encoded': { header: `chuchiblog.session_token=${token}.${signature}`, fast: true },
    'valid first, junk second': { header: `chuchiblog.session_token=${value}; chuchiblog.session_token=junk.abc`, fast: true },
    'junk first, valid second': { header: `chuchiblog.session_token=junk.abc; chuchiblog.session_token=${value}`, fast: false },
    'non-canonical signature': { header: `chuchiblog.session_token=${encodeURIComponent(nonCanonical)}`, fast: false },
    'another prefix': { header: `__Host-chuchiblog.session_token=${value}`, fast: false },
  };
  for (const [name, { header, fast }] of Object.entries(headers)) {
    const request = new Request('http://localhost/', { headers: { cookie: header } });
    const expected = await betterAuthUserId(header);
    expect({ name, user: (await getSessionUser(request))?.id ?? null }).toEqual({ name, user: expected });
    expect({ name, fast: (await live(header))?.user.id === user.id }).toEqual({ name, fast });
  }
  // Both outcomes are in the list: Better Auth accepts the plain header and refuses junk first.
  expect(await betterAuthUserId(cookie)).toBe(user.id);
  expect(await betterAuthUserId(headers['junk first, valid second'].header)).toBeNull();
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

test('a correctly signed token that is not a token of Better Auth finds nobody, even one shaped to name a real token in SQL', async () => {
  const { cookie } = await signedIn('Seraina Tuor');
  const realToken = decodeURIComponent(cookie.match(/chuchiblog\.session_token=([^;]+)/)?.[1] ?? '').split('.')[0] ?? '';
  const { secret } = await getAuth().$context;
  // Written into the SQL text this would be an expression naming the real token.
  const token = `'||'${realToken}'||'`;
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const forged = `chuchiblog.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  expect(await live(forged)).toBeUndefined();
  expect(await getSessionUser(new Request('http://localhost/', { headers: { cookie: forged } }))).toBeNull();
});

test.skipIf(postgresUrl() !== undefined)('on PGlite a live session is remembered, not looked up again, until a session or a person changes', async () => {
  const { user, cookie } = await signedIn('Andri Bezzola');
  const pglite = getConnection().pglite;
  if (!pglite) throw new Error('the integration lane runs on PGlite');
  expect((await live(cookie))?.user.id).toBe(user.id);
  // The session taken away with the signal switched off: the memory still answers.
  await pglite.exec('alter table sessions disable trigger sessions_changed');
  await pglite.query('update sessions set token = $1 where user_id = $2', ['weggenommen', user.id]);
  await pglite.exec('alter table sessions enable trigger sessions_changed');
  expect((await live(cookie))?.user.id).toBe(user.id);
  // A change to any person (here another one) is heard: the session is looked up again, and is gone.
  await createAccount('Jon Fadri');
  expect(await live(cookie)).toBeUndefined();
});

test('a person renamed is named anew at the very next request', async () => {
  const { user, cookie, request } = await signedIn('Madlaina Bott');
  expect((await live(cookie))?.user.name).toBe('Madlaina Bott');
  await getDb().update(users).set({ name: 'Madlaina Caviezel' }).where(eq(users.id, user.id));
  expect((await live(cookie))?.user.name).toBe('Madlaina Caviezel');
  expect((await getSessionUser(request()))?.name).toBe('Madlaina Caviezel');
});

test('a deleted account is nobody at the very next request', async () => {
  const { user, cookie, request } = await signedIn('Duri Janett');
  expect((await live(cookie))?.user.id).toBe(user.id);
  await getDb().delete(users).where(eq(users.id, user.id));
  expect(await live(cookie)).toBeUndefined();
  expect(await getSessionUser(request())).toBeNull();
});

test('a session remembered until it expires is nobody from then on, without any write', async () => {
  const { user, cookie } = await signedIn('Nina Tscharner');
  await getDb()
    .update(sessions)
    // Room for the first look-up on a busy machine (the test files run side by side).
    .set({ expiresAt: new Date(Date.now() + 2_000) })
    .where(eq(sessions.userId, user.id));
  expect((await live(cookie))?.user.id).toBe(user.id);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  expect(await live(cookie)).toBeUndefined();
});

test('a look-up under way while the session ends does not bring it back', async () => {
  const { cookie, request } = await signedIn('Ramun Sac');
  const underWay = live(cookie);
  await getAuth().api.signOut({ headers: new Headers({ cookie }) });
  await underWay; // found or not: either is right for a request that came before the sign-out
  expect(await live(cookie)).toBeUndefined();
  expect(await getSessionUser(request())).toBeNull();
});
