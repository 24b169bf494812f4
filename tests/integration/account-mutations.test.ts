// The account page's writes on the real database (PGlite here, PostgreSQL in
// the postgres lane): a new name reaches recipes and comments, an address
// change needs its own token once, and deleting an account leaves no row of it.
import { count, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { expect, test } from 'vitest';
import { getConnection, getDb } from '../../app/db/client.server.ts';
import { rateLimits, sessions, users, verifications } from '../../app/db/schema/auth.ts';
import { comments, images, recipes } from '../../app/db/schema/recipes.ts';
import { footprintInWords } from '../../app/features/accounts/account-footprint.ts';
import { applyEmailChange, deleteAccountData, renameAccount, saveEmailChange } from '../../app/features/accounts/account-mutations.server.ts';
import { accountFootprint } from '../../app/features/accounts/account-queries.server.ts';
import { consumeRateLimit, rateLimitKey } from '../../app/lib/rate-limit.server.ts';
import { createComment, createRecipe, createUser } from '../support/factories.ts';
import { createImage } from '../support/stored-images.ts';
import { listCounts } from '../../app/utils/format.ts';
import { postgresUrl, useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.ch`;

async function emailOf(userId: string) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

test('a new name is copied to the recipes and to the comments that carried the old name', async () => {
  const vreni = await createUser({ name: 'Vreni Alt', email: uniqueEmail('vreni') });
  const otto = await createUser({ name: 'Otto Keller', email: uniqueEmail('otto') });
  const own = await createRecipe(vreni);
  const foreign = await createRecipe(otto);
  await createComment(foreign.id, vreni, { nickname: 'Vreni Alt' });
  await createComment(foreign.id, vreni, { nickname: 'Zopffee' });
  await createComment(own.id, otto, { nickname: 'Vreni Alt' }); // Otto's comment keeps whatever he wrote

  await renameAccount(vreni.id, 'Vreni Neu', 'Vreni');

  const [recipe] = await getDb().select({ author: recipes.author }).from(recipes).where(eq(recipes.id, own.id));
  expect(recipe?.author).toBe('Vreni Neu');
  const [account] = await getDb().select({ name: users.name, firstName: users.firstName }).from(users).where(eq(users.id, vreni.id));
  expect(account).toEqual({ name: 'Vreni Neu', firstName: 'Vreni' });
  const nicknames = await getDb().select({ author: comments.authorId, nickname: comments.nickname }).from(comments).orderBy(comments.nickname);
  expect(nicknames).toEqual([
    { author: otto.id, nickname: 'Vreni Alt' },
    { author: vreni.id, nickname: 'Vreni Neu' },
    { author: vreni.id, nickname: 'Zopffee' },
  ]);
});

test('an address change needs its own token, once, and only the newest one', async () => {
  const vreni = await createUser({ email: uniqueEmail('vreni') });
  const recipe = await createRecipe(vreni);
  const first = await saveEmailChange(vreni.id, 'erste@example.ch');
  const token = await saveEmailChange(vreni.id, 'neu@example.ch');

  expect(await applyEmailChange(first)).toEqual({ ok: false, reason: 'invalid-link' });
  expect(await applyEmailChange(`${vreni.id}.${'x'.repeat(32)}`)).toEqual({ ok: false, reason: 'invalid-link' });
  expect(await applyEmailChange('kein-token')).toEqual({ ok: false, reason: 'invalid-link' });
  expect(await emailOf(vreni.id)).toBe(vreni.email);

  expect(await applyEmailChange(token)).toMatchObject({ ok: true, oldEmail: vreni.email, newEmail: 'neu@example.ch' });
  expect(await emailOf(vreni.id)).toBe('neu@example.ch');
  const [stored] = await getDb().select({ userEmail: recipes.userEmail }).from(recipes).where(eq(recipes.id, recipe.id));
  expect(stored?.userEmail).toBe('neu@example.ch');
  expect(await applyEmailChange(token)).toEqual({ ok: false, reason: 'invalid-link' });
});

test('an address taken meanwhile is refused, and an expired link does nothing', async () => {
  const vreni = await createUser({ email: uniqueEmail('vreni') });
  const wanted = uniqueEmail('begehrt');
  const token = await saveEmailChange(vreni.id, wanted);
  await createUser({ email: wanted });
  expect(await applyEmailChange(token)).toEqual({ ok: false, reason: 'email-taken' });
  expect(await emailOf(vreni.id)).toBe(vreni.email);

  const late = await saveEmailChange(vreni.id, uniqueEmail('spaet'));
  await getDb().update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `change-email:${vreni.id}`));
  expect(await applyEmailChange(late)).toEqual({ ok: false, reason: 'invalid-link' });
  expect(await emailOf(vreni.id)).toBe(vreni.email);
});

test('what deleting would take names the recipes\' pictures, not an upload never saved, and leaves out what there is none of', async () => {
  const user = await createUser();
  const other = await createUser();
  const picture = await createImage(user.id);
  await createRecipe(user, { imageId: picture });
  await createRecipe(user, { imageId: picture }); // the same picture twice: one picture
  await createRecipe(user);
  await createImage(user.id); // uploaded to the form, never saved
  const footprint = await accountFootprint(user.id);
  expect(footprint).toEqual({ recipes: 3, pictures: 1, comments: 0 });
  expect(footprintInWords(footprint, 'dative')).toBe('3 Rezepten und 1 Bild');
  expect(footprintInWords(footprint, 'nominative')).toBe('3 Rezepte und 1 Bild');
  expect(listCounts([[1, 'Rezept', 'Rezepte'], [2, 'Bild', 'Bilder'], [3, 'Kommentar', 'Kommentare']])).toBe('1 Rezept, 2 Bilder und 3 Kommentare');
  expect(listCounts([[0, 'Rezept', 'Rezepte']])).toBe('');
  expect(await accountFootprint(other.id)).toEqual({ recipes: 0, pictures: 0, comments: 0 });
});

test('deleting an account leaves no row of it and the other recipes exact averages', async () => {
  const vreni = await createUser({ email: uniqueEmail('vreni') });
  const otto = await createUser({ email: uniqueEmail('otto') });
  const [picture] = await getDb().insert(images).values({ userId: vreni.id, width: 10, height: 10, widths: [10] }).returning();
  // A picture without an owner row (an old upload) that her recipe shows goes as well.
  const [ownerless] = await getDb().insert(images).values({ userId: null, width: 10, height: 10, widths: [10] }).returning();
  const own = await createRecipe(vreni, { imageId: ownerless!.id });
  await createRecipe(vreni, { imageId: picture!.id });
  const ottos = await createRecipe(otto);
  // Each is its author's counting rating of the recipe (one per person, as the comment code keeps them).
  await createComment(own.id, otto, { rating: 1, ratingCounts: true });
  await createComment(ottos.id, vreni, { rating: 5, ratingCounts: true });
  await createComment(ottos.id, otto, { rating: 3, ratingCounts: true });
  await getDb().update(recipes).set({ ratingSum: 8, ratingCount: 2 }).where(eq(recipes.id, ottos.id));
  await getDb().insert(sessions).values({ id: 's1', token: 't1', userId: vreni.id, expiresAt: new Date(Date.now() + 60_000) });
  await getDb().insert(verifications).values({ id: 'v1', identifier: 'reset-password:abc', value: vreni.id, expiresAt: new Date(Date.now() + 60_000) });
  await saveEmailChange(vreni.id, uniqueEmail('spaeter'));
  await consumeRateLimit(rateLimitKey('sign-in', 'email', vreni.email), { max: 5, windowSeconds: 60 });
  await consumeRateLimit(rateLimitKey('account-name', 'user', vreni.id), { max: 5, windowSeconds: 60 });
  await consumeRateLimit(rateLimitKey('sign-in', 'email', otto.email), { max: 5, windowSeconds: 60 });

  const deleted = await deleteAccountData(vreni.id, vreni.email);
  expect(deleted?.imageIds.sort()).toEqual([picture!.id, ownerless!.id].sort());

  const db = getDb();
  const n = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n;
  expect(await n(db.select({ n: count() }).from(users).where(sql`${users.id} = ${vreni.id}`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(sessions).where(sql`${sessions.userId} = ${vreni.id}`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(recipes).where(sql`${recipes.userId} = ${vreni.id}`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(comments).where(sql`${comments.authorId} = ${vreni.id} or ${comments.recipeId} = ${own.id}`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(images).where(sql`${images.id} in (${picture!.id}, ${ownerless!.id})`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(verifications).where(sql`${verifications.value} = ${vreni.id} or ${verifications.identifier} like ${`%${vreni.id}%`}`))).toBe(0);
  expect(await n(db.select({ n: count() }).from(rateLimits).where(sql`true`))).toBe(1); // Otto's counter stays
  const [rating] = await db.select({ sum: recipes.ratingSum, count: recipes.ratingCount }).from(recipes).where(eq(recipes.id, ottos.id));
  expect(rating).toEqual({ sum: 3, count: 1 });

  expect(await deleteAccountData(vreni.id, vreni.email)).toBeUndefined();
});

type CommentSteps = (tx: postgres.TransactionSql, startAccountWrite: () => Promise<void>) => Promise<unknown>;

/**
 * Runs an account write in the middle of a comment written on a second
 * connection the way createComment writes it (the recipe's row locked first):
 * the comment's steps call `startAccountWrite()` where the account write is to
 * begin, and go on once it waits for a lock. Both must finish (no deadlock);
 * returns what the account write returned.
 */
async function duringComment<T>(recipeId: string, accountWrite: () => Promise<T>, commentSteps: CommentSteps) {
  const writer = postgres(getConnection().url ?? '', { max: 1, onnotice: () => {} });
  const monitor = postgres(getConnection().url ?? '', { max: 1, onnotice: () => {} });
  let written: Promise<T> | undefined;
  const startAccountWrite = async () => {
    written = accountWrite();
    written.catch(() => {}); // awaited below, after the comment's transaction
    for (let waited = 0; ; waited += 20) {
      const [blocked] = await monitor`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      if (blocked?.n) return;
      if (waited > 5_000) throw new Error('the account write never waited for a lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    await writer.begin(async (tx) => {
      await tx`select id from recipes where id = ${recipeId} for update`;
      await commentSteps(tx, startAccountWrite);
    });
    return await written;
  } finally {
    await writer.end();
    await monitor.end();
  }
}

/** createComment's steps after the recipe's lock for Anna's new rating; the account write starts after the first. */
const rateAgain =
  (recipeId: string, authorId: string, rating: number): CommentSteps =>
  async (tx, startAccountWrite) => {
    const [previous] = await tx`update comments set rating_counts = false where recipe_id = ${recipeId} and author_id = ${authorId} and rating_counts returning rating`;
    await startAccountWrite();
    await tx`update recipes set rating_sum = rating_sum + ${rating - Number(previous?.rating ?? 0)}, rating_count = rating_count + ${previous ? 0 : 1} where id = ${recipeId}`;
    await tx`insert into comments (id, recipe_id, author_id, nickname, comment, rating, rating_counts) values (${crypto.randomUUID()}, ${recipeId}, ${authorId}, 'Anna', 'Doch noch besser', ${rating}, true)`;
  };

async function annaRatedBeatsRecipe() {
  const anna = await createUser({ email: uniqueEmail('anna'), name: 'Anna' });
  const beat = await createUser({ email: uniqueEmail('beat') });
  const rosti = await createRecipe(beat);
  await createComment(rosti.id, anna, { rating: 4, ratingCounts: true, nickname: 'Anna' });
  await getDb().update(recipes).set({ ratingSum: 4, ratingCount: 1 }).where(eq(recipes.id, rosti.id));
  return { anna, rosti };
}

const ratingOf = async (recipeId: string) =>
  (await getDb().select({ sum: recipes.ratingSum, count: recipes.ratingCount }).from(recipes).where(eq(recipes.id, recipeId)))[0];

test.skipIf(!postgresUrl())('a rated comment the person writes while the account is being deleted does not deadlock with the deletion', async () => {
  const { anna, rosti } = await annaRatedBeatsRecipe();
  const deleted = await duringComment(rosti.id, () => deleteAccountData(anna.id, anna.email), rateAgain(rosti.id, anna.id, 5));
  expect(deleted).toEqual({ imageIds: [] });
  expect(await getDb().select().from(users).where(eq(users.id, anna.id))).toEqual([]);
  expect(await getDb().select().from(comments).where(eq(comments.authorId, anna.id))).toEqual([]);
  expect(await ratingOf(rosti.id)).toEqual({ sum: 0, count: 0 });
});

test.skipIf(!postgresUrl())('a comment on the own recipe written while the account is being deleted does not deadlock with the deletion', async () => {
  const anna = await createUser({ email: uniqueEmail('anna') });
  const own = await createRecipe(anna);
  const deleted = await duringComment(
    own.id,
    () => deleteAccountData(anna.id, anna.email),
    async (tx, startAccountWrite) => {
      await startAccountWrite();
      await tx`insert into comments (id, recipe_id, author_id, nickname, comment) values (${crypto.randomUUID()}, ${own.id}, ${anna.id}, 'Anna', 'Danke fürs Nachkochen')`;
    },
  );
  expect(deleted).toEqual({ imageIds: [] });
  expect(await getDb().select().from(recipes).where(eq(recipes.id, own.id))).toEqual([]);
});

test.skipIf(!postgresUrl())('a rated comment the person writes while renaming does not deadlock, and takes the new name', async () => {
  const { anna, rosti } = await annaRatedBeatsRecipe();
  await duringComment(rosti.id, () => renameAccount(anna.id, 'Anna Casty', 'Anna'), rateAgain(rosti.id, anna.id, 5));
  const written = await getDb().select({ nickname: comments.nickname, ratingCounts: comments.ratingCounts }).from(comments).where(eq(comments.authorId, anna.id));
  expect(written.sort((a, b) => Number(a.ratingCounts) - Number(b.ratingCounts))).toEqual([
    { nickname: 'Anna Casty', ratingCounts: false },
    { nickname: 'Anna Casty', ratingCounts: true },
  ]);
  expect(await ratingOf(rosti.id)).toEqual({ sum: 5, count: 1 });
});
