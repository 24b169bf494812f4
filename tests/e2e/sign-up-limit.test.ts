// Sign-ups from one IP address over real HTTP: more than the old limit of 10
// an hour go through (a class or an office registers together), and the
// configured number is the limit. The app runs with
// RATE_LIMIT_SIGN_UP_PER_IP=12/1h so that the test stays short; the default
// (100/1h) is checked in tests/integration/env-settings.test.ts.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { users } from '../../app/db/schema/auth.ts';
import { MESSAGES } from '../../app/features/accounts/account-schemas.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const LIMIT = 12;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_SIGN_UP_PER_IP: `${LIMIT}/1h` });
});

afterAll(async () => {
  await app?.stop();
});

/** What the page does: fetch a challenge and solve it. */
async function antiBotToken() {
  const challenge = await (await fetch(`${app.url}/api/altcha-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** One sign-up as the form posts it (all from 127.0.0.1). */
async function signUp(n: number) {
  const body = new URLSearchParams({
    intent: 'sign-up',
    firstName: 'Schülerin',
    lastName: `Nr. ${n}`,
    email: `klasse-${n}@example.ch`,
    password: 'Znüni-im-Schulhaus-1',
    altcha: await antiBotToken(),
  });
  return fetch(`${app.url}/login`, {
    method: 'POST',
    body,
    headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

test(`${LIMIT} sign-ups from one IP address within the hour go through (the old limit was 10); the next is refused`, async () => {
  for (let n = 1; n <= LIMIT; n++) {
    const response = await signUp(n);
    expect({ n, status: response.status }).toEqual({ n, status: 302 });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('chuchiblog.session_token='))).toBe(true);
  }
  expect(await getDb().$count(users, like(users.email, 'klasse-%@example.ch'))).toBe(LIMIT);

  const refused = await signUp(LIMIT + 1);
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain(MESSAGES.tooMany);
  expect(await getDb().$count(users, eq(users.email, `klasse-${LIMIT + 1}@example.ch`))).toBe(0);
});
