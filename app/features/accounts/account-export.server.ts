// The account itself for its owner's data export: what the blog keeps about
// the person (never the password hash or session tokens).
import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { users } from '../../db/schema/auth.ts';
import { splitName } from './account-schemas.ts';

export async function getAccountForExport(userId: string) {
  const [row] = await getDb()
    .select({ name: users.name, firstName: users.firstName, email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { firstName, ...account } = row;
  // First and last name as the account form shows them.
  return { ...account, ...splitName(row.name, firstName), createdAt: row.createdAt.toISOString() };
}
