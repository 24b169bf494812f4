// Accounts for tests that are not about accounts: a user with a password,
// written straight into the database, and a session cookie for HTTP tests.
import { randomUUID } from 'node:crypto';
import { getDb } from '../../app/db/client.server.ts';
import { accounts } from '../../app/db/schema/auth.ts';
import { hashPassword } from '../../app/lib/password-hash.server.ts';
import { createUser } from './factories.ts';

export const TEST_PASSWORD = 'Zopf-am-Sonntag-1';

// One real hash per password serves every test account of a test process: a derivation costs
// 128 MiB and 0.6–3 s of CPU, which the server's own sign-ins under test need more.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

export async function createAccount(name = 'Beat Keller', password = TEST_PASSWORD) {
  const user = await createUser({ name, email: `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.ch` });
  await getDb()
    .insert(accounts)
    .values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: await hashOnce(password) });
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
