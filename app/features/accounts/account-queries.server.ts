// Reads about the signed-in account for the account page.
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { accounts, users } from '../../db/schema/auth.ts';
import { comments, recipes } from '../../db/schema/recipes.ts';
import type { AccountFootprint } from './account-footprint.ts';

/** The stored password hash of the account's e-mail sign-in (Better Auth's "credential" account). */
export async function getCredentialHash(userId: string) {
  const [row] = await getDb()
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? undefined;
}

/** Whether an account has this address (stored in lower case, as Better Auth writes it). */
export async function emailHasAccount(email: string) {
  const [row] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row !== undefined;
}

/** What the account page shows beyond the session: the first name as typed (splitName; null for accounts from before it was kept), and whether the address is confirmed. */
export async function accountDetails(userId: string) {
  const [row] = await getDb().select({ firstName: users.firstName, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row ?? { firstName: null, emailVerified: false };
}

export async function isEmailVerified(userId: string) {
  return (await accountDetails(userId)).emailVerified;
}

/**
 * What deleting the account would take away (the page names it before asking). The pictures are
 * those of the recipes: one uploaded to a form and never saved is no picture the person knows of
 * (it goes anyway, with the account or at the next hourly sweep).
 */
export async function accountFootprint(userId: string): Promise<AccountFootprint> {
  const [row] = await getDb()
    .select({
      recipes: sql<number>`(select count(*)::int from ${recipes} where ${recipes.userId} = ${userId})`,
      comments: sql<number>`(select count(*)::int from ${comments} where ${comments.authorId} = ${userId})`,
      // Distinct: recipes may show the same picture.
      pictures: sql<number>`(select count(distinct ${recipes.imageId})::int from ${recipes} where ${recipes.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { recipes: 0, comments: 0, pictures: 0 };
}

