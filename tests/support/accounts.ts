// Accounts for tests that are not about accounts: a user with a password,
// written straight into the database, and a session cookie for HTTP tests.
import { randomUUID } from 'node:crypto';
import { getDb } from '../../app/db/client.server.ts';
import { accounts } from '../../app/db/schema/auth.ts';
import { hashPassword } from '../../app/lib/password-hash.server.ts';
import { createUser } from './factories.ts';

export const TEST_PASSWORD = 'Zopf-am-Sonntag-1';

/**
 * The stored hash of a test account's password, at a cost of 2^10 instead of the site's 2^17. Each
 * hash keeps its parameters, as an account from before a raised cost does, so signing in runs the
 * same code as ever, in milliseconds instead of 0.6–10 s and 128 MiB per sign-in. The site's own
 * cost is what the journeys that set a password use (sign-up, a changed or reset password).
 */
export function testPasswordHash(password = TEST_PASSWORD) {
  return hashPassword(password, { logN: 10, r: 8, p: 1 });
}

export async function createAccount(name = 'Beat Keller', password = TEST_PASSWORD) {
  const user = await createUser({ name, email: `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.ch` });
  await getDb()
    .insert(accounts)
    .values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: await testPasswordHash(password) });
  return user;
}

/** Signs in through the login form's plain POST; returns the Cookie header for further requests. */
export async function sessionCookie(baseUrl: string, email: string, password = TEST_PASSWORD) {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { origin: baseUrl },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
