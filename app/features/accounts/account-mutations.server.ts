// What the account page changes in the database. The name and the address
// are copied into the recipes (author, userEmail) and the name into the
// comments that carry it, so each change is one transaction over all of
// them. Rules: docs/product-rules.md, "Accounts".
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, like, or, TransactionRollbackError } from 'drizzle-orm';
import { getDb, type Transaction } from '../../db/client.server.ts';
import { rateLimits, users, verifications } from '../../db/schema/auth.ts';
import { comments, images, recipes } from '../../db/schema/recipes.ts';
import { rateLimitKey } from '../../lib/rate-limit.server.ts';

/** How long the link to confirm a new address is good for. */
export const EMAIL_CHANGE_HOURS = 24;

const emailChangeIdentifier = (userId: string) => `change-email:${userId}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Locks the person's row for an account write, after the recipes such a write
 * changes or waits for: their own recipes and those their counted ratings are
 * on, in id order. Every comment write locks its recipe first and the author
 * after (through the foreign key), so an account write that took the person
 * first would deadlock with a comment the person writes at the same moment.
 */
async function lockAccount(tx: Transaction, userId: string) {
  const countedOn = tx
    .select({ id: comments.recipeId })
    .from(comments)
    .where(and(eq(comments.authorId, userId), eq(comments.ratingCounts, true)));
  await tx
    .select({ id: recipes.id })
    .from(recipes)
    .where(or(eq(recipes.userId, userId), inArray(recipes.id, countedOn)))
    .orderBy(recipes.id)
    .for('update');
  const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * New name on the account, its recipes, and its comments whose nickname was the old name (a chosen
 * nickname stays); `firstName` says where the joined name splits (splitName).
 */
export async function renameAccount(userId: string, name: string, firstName: string) {
  await getDb().transaction(async (tx) => {
    const before = await lockAccount(tx, userId);
    if (!before) return;
    await tx.update(users).set({ name, firstName, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.update(recipes).set({ author: name }).where(eq(recipes.userId, userId));
    await tx
      .update(comments)
      .set({ nickname: name })
      .where(and(eq(comments.authorId, userId), eq(comments.nickname, before.name)));
  });
}

export async function isEmailTaken(email: string) {
  const [row] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

/**
 * Remembers a wish to move the account to `email` and returns the token for
 * the link (a newer wish replaces an older one). Only the token's hash is
 * stored: a copy of the database does not confirm anything.
 */
export async function saveEmailChange(userId: string, email: string) {
  const token = `${userId}.${randomBytes(24).toString('base64url')}`;
  const identifier = emailChangeIdentifier(userId);
  await getDb().transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString('hex'),
      identifier,
      value: JSON.stringify({ email, tokenHash: sha256(token) }),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000),
    });
  });
  return token;
}

export type EmailChangeResult =
  | { ok: true; userId: string; name: string; oldEmail: string; newEmail: string }
  | { ok: false; reason: 'invalid-link' | 'email-taken' };

function isUniqueViolation(error: unknown) {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Moves the account to the address the link's token was made for; the link works once. */
export async function applyEmailChange(token: string): Promise<EmailChangeResult> {
  const userId = token.split('.')[0] ?? '';
  if (!/^[\w-]{1,100}\.[\w-]{20,100}$/.test(token)) return { ok: false, reason: 'invalid-link' };
  try {
    return await getDb().transaction(async (tx) => {
      const before = await lockAccount(tx, userId); // before the link's row: the order deleting the account takes
      const [wish] = await tx
        .delete(verifications)
        .where(eq(verifications.identifier, emailChangeIdentifier(userId)))
        .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
      if (!wish || wish.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'invalid-link' } as const;
      const { email, tokenHash } = JSON.parse(wish.value) as { email: string; tokenHash: string };
      const expected = Buffer.from(tokenHash, 'hex');
      const actual = Buffer.from(sha256(token), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        // A wrong token must not use up the right one.
        tx.rollback();
      }
      if (!before) return { ok: false, reason: 'invalid-link' } as const;
      await tx.update(users).set({ email, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.update(recipes).set({ userEmail: email }).where(eq(recipes.userId, userId));
      return { ok: true, userId, name: before.name, oldEmail: before.email, newEmail: email } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
    if (error instanceof TransactionRollbackError) return { ok: false, reason: 'invalid-link' };
    throw error;
  }
}

/**
 * Deletes the account and everything that belongs to it in one transaction:
 * sessions, sign-in data, its recipes (with the comments on them), its own
 * comments (a trigger takes their ratings off other recipes, drizzle/0002),
 * its pictures' rows, pending links and the rate-limit counters kept under
 * its address or id. Returns the ids of the pictures, whose files go after the commit.
 */
export async function deleteAccountData(userId: string, email: string): Promise<{ imageIds: string[] } | undefined> {
  return getDb().transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) return undefined;
    const pictures = await tx
      .select({ id: images.id })
      .from(images)
      .where(or(eq(images.userId, userId), inArray(images.id, tx.select({ id: recipes.imageId }).from(recipes).where(and(eq(recipes.userId, userId), isNotNull(recipes.imageId))))));
    const imageIds = pictures.map((p) => p.id);
    // Reset links store the user id as their value; the address change its own identifier.
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, emailChangeIdentifier(userId))));
    await tx
      .delete(rateLimits)
      .where(or(like(rateLimits.key, rateLimitKey('%', 'email', email)), like(rateLimits.key, rateLimitKey('%', 'user', userId))));
    // Cascades to sessions, accounts, recipes (and their comments), comments and uploads.
    await tx.delete(users).where(eq(users.id, userId));
    if (imageIds.length > 0) await tx.delete(images).where(inArray(images.id, imageIds));
    return { imageIds };
  });
}
