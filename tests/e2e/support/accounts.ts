// Accounts for journeys that are not about accounts: a user with a password,
// written straight into the database, and the login through the real form.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { getDb } from '../../../app/db/client.server.ts';
import { accounts } from '../../../app/db/schema/auth.ts';
import { hashPassword } from '../../../app/lib/password-hash.server.ts';
import { createUser } from '../../support/factories.ts';

export const TEST_PASSWORD = 'Zopf-am-Sonntag-1';

export async function createAccount(name = 'Beat Keller', password = TEST_PASSWORD) {
  const user = await createUser({ name, email: `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.ch` });
  await getDb()
    .insert(accounts)
    .values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: await hashPassword(password) });
  return user;
}

export async function logIn(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel(/^Passwort\W*$/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens /login?redirectTo=… and signs in; resolves once the page it leads to has rendered. */
export async function logInAndGo(page: Page, baseUrl: string, path: string, email: string) {
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`);
  await logIn(page, email);
  await page.waitForURL(`${baseUrl}${path}`);
  // After a client-side navigation the URL changes before the new page renders;
  // the account button comes with it (the header and the page commit together).
  await page.getByRole('button', { name: 'Open' }).waitFor();
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
