// The server side of accounts, against the real database: the anti-bot token
// is required and single-use, rate limits count in the database, and
// sessions live in the database (restarts and other instances accept them).
process.env.AUTH_SECRET ??= 'integration-test-secret-0123456789abcdefghij';
process.env.PUBLIC_URL ??= 'http://localhost:3000';

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { expect, onTestFinished, test, vi } from 'vitest';
import { getDb, openDatabase } from '../../app/db/client.server.ts';
import { accounts as accountRows, rateLimits as rateLimitRows, users, verifications } from '../../app/db/schema/auth.ts';
import { resetLinkIsLive, signIn, signUp, rateLimits } from '../../app/features/accounts/account-actions.server.ts';
import { MESSAGES, splitName, type AccountAnswer as FormResult } from '../../app/features/accounts/account-schemas.ts';
import { createAntiBotChallenge } from '../../app/lib/anti-bot.server.ts';
import { createAuth, getSessionUser } from '../../app/lib/auth.server.ts';
import { verifyPassword } from '../../app/lib/password-hash.server.ts';
import { consumeRateLimits, longestRateLimitWindowSeconds, rateLimitKey, removeExpiredRateLimits } from '../../app/lib/rate-limit.server.ts';
import { log } from '../../app/lib/logger.server.ts';
import { createAccount, TEST_PASSWORD, testPasswordHash } from '../support/accounts.ts';
import { createUser } from '../support/factories.ts';
import { copyMigratedDatabase } from '../support/migrated-database.ts';
import { useTestDatabase } from '../support/test-db.ts';

const database = useTestDatabase();
const SECRET = process.env.AUTH_SECRET!;
const PUBLIC_URL = process.env.PUBLIC_URL!;

async function solvedToken() {
  const challenge = await createAntiBotChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function post() {
  return new Request(`${PUBLIC_URL}/login`, { method: 'POST' });
}

const newUser = (email: string, extra: Record<string, string> = {}) =>
  form({ firstName: 'Hans', lastName: 'Meier', email, password: 'Rösti-mit-Ei-1', ...extra });

/** What an action answered: a redirect Response, or data() with our FormResult. */
function answer(result: unknown): { status: number; data?: FormResult; cookies: string[] } {
  if (result instanceof Response) return { status: result.status, cookies: result.headers.getSetCookie() };
  const { data, init } = result as { data: FormResult; init?: { status?: number } };
  return { status: init?.status ?? 200, data, cookies: [] };
}

function cookieHeader(setCookies: string[]) {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

test('sign-up without an anti-bot token is refused and asks the page to retry', async () => {
  const result = answer(await signUp({ request: post(), form: newUser('ohne-token@example.ch'), clientIp: '10.0.0.1' }));
  expect(result.status).toBe(400);
  expect(result.data).toMatchObject({ retryChallenge: true, formError: MESSAGES.challengeFailed });
  expect(await getDb().select().from(users).where(eq(users.email, 'ohne-token@example.ch'))).toEqual([]);
});

test('a solved token works once; replaying it is refused', async () => {
  const token = await solvedToken();
  const first = answer(await signUp({ request: post(), form: newUser('hans@example.ch', { altcha: token }), clientIp: '10.0.0.2' }));
  expect(first.status).toBe(302);
  expect(first.cookies.some((c) => /^chuchiblog\.session_token=/.test(c) && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
  const [user] = await getDb().select().from(users).where(eq(users.email, 'hans@example.ch'));
  expect(user?.name).toBe('Hans Meier');

  const replay = answer(await signUp({ request: post(), form: newUser('zweiter@example.ch', { altcha: token }), clientIp: '10.0.0.2' }));
  expect(replay.status).toBe(400);
  expect(replay.data).toMatchObject({ formError: MESSAGES.challengeFailed, retryChallenge: false });

  const garbage = answer(await signUp({ request: post(), form: newUser('dritter@example.ch', { altcha: 'bm9wZQ==' }), clientIp: '10.0.0.2' }));
  expect(garbage.status).toBe(400);
});

test('a password padded with NUL characters is refused: the hash would read "abc" and eight NULs as "abc"', async () => {
  const token = await solvedToken();
  const padded = answer(await signUp({ request: post(), form: newUser('nul@example.ch', { altcha: token, password: 'abc\u0000\u0000\u0000\u0000\u0000' }), clientIp: '10.0.0.3' }));
  expect(padded.status).toBe(400);
  expect(padded.data?.errors).toMatchObject({ password: 'Dieses Feld enthält unzulässige Steuerzeichen. Bitte entferne sie.' });
  expect(await getDb().select().from(users).where(eq(users.email, 'nul@example.ch'))).toEqual([]);
});

test('a password matches only as typed: trailing NULs and broken UTF-16 (which the hash would read as the password without them) never do; a tab of an older password still does', async () => {
  const plain = await testPasswordHash('Rösti-mit-Ei-1');
  expect(await verifyPassword({ hash: plain, password: 'Rösti-mit-Ei-1' })).toBe(true);
  expect(await verifyPassword({ hash: plain, password: 'Rösti-mit-Ei-1\u0000\u0000' })).toBe(false);
  const replaced = await testPasswordHash('Zopf\uFFFD');
  expect(await verifyPassword({ hash: replaced, password: 'Zopf\uD800' })).toBe(false);
  const withTab = await testPasswordHash('alt\tpasswort');
  expect(await verifyPassword({ hash: withTab, password: 'alt\tpasswort' })).toBe(true);
});

test('a sign-up stores its password hashed at the site\'s cost (scrypt, N = 2^17); a hash with other parameters, as an older account\'s, still signs in', async () => {
  /** The hash's algorithm and parameters, as stored for the account of `email`. */
  const storedCost = async (email: string) => {
    const [stored] = await getDb().select({ hash: accountRows.password }).from(accountRows).innerJoin(users, eq(users.id, accountRows.userId)).where(eq(users.email, email));
    return stored?.hash?.split('$').slice(0, 4);
  };
  const signedUp = answer(await signUp({ request: post(), form: newUser('kosten@example.ch', { altcha: await solvedToken() }), clientIp: '10.0.0.4' }));
  expect(signedUp.status).toBe(302);
  expect(await storedCost('kosten@example.ch')).toEqual(['scrypt', '17', '8', '1']);

  // A test account's hash has a lower cost (tests/support/accounts.ts).
  const { email } = await createAccount('Alma Aelter');
  expect(await storedCost(email)).toEqual(['scrypt', '10', '8', '1']);
  const signedIn = answer(await signIn({ request: post(), form: form({ email, password: TEST_PASSWORD }), clientIp: '10.0.0.4' }));
  expect(signedIn.status).toBe(302);
});

test('a first name of two words is kept as typed, so the account form splits the name where the person did', async () => {
  const token = await solvedToken();
  const signedUp = answer(
    await signUp({ request: post(), form: newUser('anna.maria@example.ch', { altcha: token, firstName: ' Anna Maria ', lastName: 'von Känel' }), clientIp: '10.0.0.5' }),
  );
  expect(signedUp.status).toBe(302);
  const [user] = await getDb().select().from(users).where(eq(users.email, 'anna.maria@example.ch'));
  expect({ name: user?.name, firstName: user?.firstName }).toEqual({ name: 'Anna Maria von Känel', firstName: 'Anna Maria' });
  expect(splitName(user!.name, user!.firstName)).toEqual({ firstName: 'Anna Maria', lastName: 'von Känel' });
});

test.each([
  // Accounts from before the first name was kept, and names that no longer start with it: the first word.
  ['Hans Peter Meier', null, { firstName: 'Hans', lastName: 'Peter Meier' }],
  ['Hans Peter Meier', 'Hans Peter', { firstName: 'Hans Peter', lastName: 'Meier' }],
  ['Hans Peterli Meier', 'Hans Peter', { firstName: 'Hans', lastName: 'Peterli Meier' }],
  ['Ueli', 'Ueli', { firstName: 'Ueli', lastName: '' }],
  ['Vreni Neu', 'Anna', { firstName: 'Vreni', lastName: 'Neu' }],
])('%j with the first name %j splits as %j', (name, storedFirstName, expected) => {
  expect(splitName(name, storedFirstName)).toEqual(expected);
});

test('the same sign-up sent three times at once (a double click) creates one account; the others hear that it exists, and no error is logged', async () => {
  const tokens = await Promise.all([solvedToken(), solvedToken(), solvedToken()]);
  const errors = vi.spyOn(log, 'error');
  const warnings = vi.spyOn(log, 'warn');
  onTestFinished(() => void (errors.mockRestore(), warnings.mockRestore()));
  const results = await Promise.all(
    tokens.map(async (token, i) => answer(await signUp({ request: post(), form: newUser('doppelt@example.ch', { altcha: token }), clientIp: `10.0.4.${i}` }))),
  );
  expect(results.map((result) => result.status).sort()).toEqual([302, 409, 409]);
  // Better Auth reports each failed insert; the action judged it (the address exists): a warning only.
  expect(errors).not.toHaveBeenCalled();
  expect(warnings).toHaveBeenCalledWith('auth', { message: 'Failed to create user' });
  for (const refused of results.filter((result) => result.status === 409)) {
    expect(refused.data).toMatchObject({ formError: MESSAGES.signUpFailed, errors: { email: MESSAGES.emailTaken } });
  }
  expect(await getDb().select().from(users).where(eq(users.email, 'doppelt@example.ch'))).toHaveLength(1);
});

test('sign-in attempts are limited per address, with a German message', async () => {
  const { email } = await createAccount('Lina Limit');
  const attempt = async (ip: string) => answer(await signIn({ request: post(), form: form({ email, password: 'falsch-falsch' }), clientIp: ip }));
  for (let i = 0; i < rateLimits().signInPerAddress.max; i++) {
    expect((await attempt(`10.0.1.${i}`)).data?.formError).toBe(MESSAGES.signInFailed);
  }
  // From yet another IP: the address is locked for now, even with the right password.
  const blocked = answer(await signIn({ request: post(), form: form({ email, password: TEST_PASSWORD }), clientIp: '10.0.2.1' }));
  expect(blocked.status).toBe(429);
  expect(blocked.data?.formError).toBe(MESSAGES.tooMany);
});

test('a successful sign-in does not use up the limit; failed ones still do', async () => {
  const { email } = await createAccount('Otto Oft');
  const attempt = async (password: string) => answer(await signIn({ request: post(), form: form({ email, password }), clientIp: '10.0.3.2' }));
  const { max } = rateLimits().signInPerAddress;
  // More sign-ins than the limit allows attempts, each with the right password (signing out between them changes nothing here).
  for (let i = 0; i <= max; i++) expect((await attempt(TEST_PASSWORD)).status).toBe(302);
  for (let i = 0; i < max; i++) expect((await attempt('falsch-falsch')).data?.formError).toBe(MESSAGES.signInFailed);
  expect((await attempt(TEST_PASSWORD)).status).toBe(429);
});

test('the per-IP limit is shared through the database and the window restarts', async () => {
  const rule = { max: 3, windowSeconds: 60 };
  const key = rateLimitKey('test', 'ip', '192.0.2.7');
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await consumeRateLimits([{ key, rule }]));
  expect(results).toEqual([true, true, true, false]);
  expect(await consumeRateLimits([{ key, rule: { max: 3, windowSeconds: 0 } }])).toBe(true);
});

test('counters (their keys hold IP addresses) are deleted once no limit can use them any more', async () => {
  const longest = longestRateLimitWindowSeconds();
  expect(longest).toBe(60 * 60); // the defaults' longest window: an hour
  const old = rateLimitKey('test-sweep', 'ip', '192.0.2.8');
  const recent = rateLimitKey('test-sweep', 'ip', '192.0.2.9');
  const rule = { max: 3, windowSeconds: 60 };
  await consumeRateLimits([{ key: old, rule }, { key: recent, rule }]);
  // The first counter's window started more than the longest window ago.
  await getDb().update(rateLimitRows).set({ lastRequest: Date.now() - (longest + 1) * 1000 }).where(eq(rateLimitRows.key, old));
  expect(await removeExpiredRateLimits()).toBeGreaterThanOrEqual(1);
  const left = (await getDb().select({ key: rateLimitRows.key }).from(rateLimitRows)).map((r) => r.key);
  expect(left).not.toContain(old);
  expect(left).toContain(recent);
});

test('malformed sign-in input gets field errors, never an exception', async () => {
  const result = answer(await signIn({ request: post(), form: form({ email: 'kein-at', password: '' }), clientIp: '10.0.0.9' }));
  expect(result.status).toBe(400);
  expect(result.data?.errors).toMatchObject({
    email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    password: 'Bitte gib dein Passwort ein.',
  });
});

test('a session survives a restart and is accepted by another instance on the same database', async () => {
  // "Another instance" = a new auth object on a new connection to the same
  // database. On PostgreSQL both connections are open at once (two app
  // instances). PGlite is one process per data directory, so there it is a
  // restart: close the data directory and open it again.
  const pgUrl = database.connection?.url;
  const dataDir = pgUrl ? undefined : await mkdtemp(path.join(tmpdir(), 'chuchiblog-auth-'));
  const open = () =>
    pgUrl ? openDatabase({ engine: 'postgres', url: pgUrl }) : openDatabase({ engine: 'pglite', dataDir: path.join(dataDir!, 'db') });
  // PGlite: the files of a migrated database (made once for the test run), as the app leaves them.
  if (dataDir) await copyMigratedDatabase(path.join(dataDir, 'db'));
  const first = await open();
  const auth = createAuth({ db: first.db, secret: SECRET, publicUrl: PUBLIC_URL });
  const { headers } = await auth.api.signUpEmail({
    body: { name: 'Ruth Frei', email: `ruth-${Date.now()}@example.ch`, password: 'Nusstorte-2024' },
    returnHeaders: true,
  });
  const cookie = cookieHeader(headers.getSetCookie());
  if (!pgUrl) await first.close();

  const second = await open();
  const other = createAuth({ db: second.db, secret: SECRET, publicUrl: PUBLIC_URL });
  const session = await other.api.getSession({ headers: new Headers({ cookie }) });
  expect(session?.user.name).toBe('Ruth Frei');

  // Signing out on the other instance ends the session for everyone.
  await other.api.signOut({ headers: new Headers({ cookie }) });
  expect(await other.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  await second.close();
  if (pgUrl) await first.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('getSessionUser reads the cookie; a forged one is nobody', async () => {
  const token = await solvedToken();
  const result = answer(await signUp({ request: post(), form: newUser('greti@example.ch', { altcha: token }), clientIp: '10.0.0.4' }));
  const cookie = cookieHeader(result.cookies);
  const request = new Request(`${PUBLIC_URL}/profile`, { headers: { cookie } });
  expect(await getSessionUser(request)).toMatchObject({ name: 'Hans Meier', email: 'greti@example.ch' });
  const forged = new Request(`${PUBLIC_URL}/profile`, { headers: { cookie: 'chuchiblog.session_token=abc.def' } });
  expect(await getSessionUser(forged)).toBeNull();
});

test('a reset link is live while Better Auth keeps its token and it has not expired', async () => {
  const hans = await createUser();
  const inAMinute = new Date(Date.now() + 60_000);
  await getDb().insert(verifications).values([
    { id: 'live', identifier: 'reset-password:gueltig', value: hans!.id, expiresAt: inAMinute },
    { id: 'old', identifier: 'reset-password:abgelaufen', value: hans!.id, expiresAt: new Date(Date.now() - 1000) },
  ]);
  expect(await resetLinkIsLive('gueltig')).toBe(true);
  expect(await resetLinkIsLive('abgelaufen')).toBe(false);
  expect(await resetLinkIsLive('unbekannt')).toBe(false);
});
