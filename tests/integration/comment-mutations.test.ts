import { eq, inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { users } from '../../app/db/schema/auth.ts';
import { comments, recipes } from '../../app/db/schema/recipes.ts';
import { firstErrors as commentFieldErrors } from '../../app/components/form/form-answer.ts';
import { COMMENT_REFUSALS } from '../../app/features/comments/comment-actions.server.ts';
import * as mutations from '../../app/features/comments/comment-mutations.server.ts';
import { listComments, loadCommentState, MISSING_RECIPE_ID } from '../../app/features/comments/comment-queries.server.ts';
import { commentSchema } from '../../app/features/comments/comment-schema.ts';
import { getRecipe } from '../../app/features/recipes/recipe-queries.server.ts';
import { getEnv } from '../../app/lib/env.server.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

const COMMENT_RATE_LIMIT = getEnv().RATE_LIMIT_COMMENTS_PER_USER;

/** A refused write as the action answers it: the mutation's reason with the status of the HTTP layer's table. */
function refused(reason: mutations.CommentRefusal) {
  return Object.assign(new Error(reason), { reason, status: COMMENT_REFUSALS[reason].status });
}

/** The mutations return a typed reason; these throw it as `refused` does, so the checks below read the status. */
async function createComment(...args: Parameters<typeof mutations.createComment>) {
  const result = await mutations.createComment(...args);
  if (!result.ok) throw refused(result.reason);
  return result.comment;
}

async function deleteComment(...args: Parameters<typeof mutations.deleteComment>) {
  const result = await mutations.deleteComment(...args);
  if (!result.ok) throw refused(result.reason);
}

async function ratingOf(recipeId: string) {
  const [row] = await getDb()
    .select({ sum: recipes.ratingSum, count: recipes.ratingCount })
    .from(recipes)
    .where(eq(recipes.id, recipeId));
  return row!;
}

test('posting and deleting comments keeps avgRating the exact mean', async () => {
  const owner = await createUser();
  const [ann, ben] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);

  const four = await createComment(ann.id, recipe.id, { rating: 4, nickname: 'Ann', comment: 'Fein' });
  await createComment(ben.id, recipe.id, { rating: 2, nickname: 'Ben', comment: 'Zu salzig' });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(3);
  expect(four).toMatchObject({ authorId: ann.id, nickname: 'Ann', comment: 'Fein', rating: 4 });

  await deleteComment(ann.id, recipe.id, four.uid);
  expect(await ratingOf(recipe.id)).toEqual({ sum: 2, count: 1 });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(2);
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Ben']);
});

test('only the author deletes a comment; others change nothing', async () => {
  const owner = await createUser();
  const [author, other] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const comment = await createComment(author.id, recipe.id, { rating: 5, nickname: 'A', comment: 'Top' });

  await expect(deleteComment(other.id, recipe.id, comment.uid)).rejects.toMatchObject({ status: 403 });
  await expect(deleteComment(owner.id, recipe.id, comment.uid)).rejects.toMatchObject({ status: 403 });
  await expect(deleteComment(author.id, recipe.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
    status: 404,
  });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 5, count: 1 });
  expect(await listComments(recipe.id)).toHaveLength(1);
});

test('a comment addressed through another recipe is not found and stays', async () => {
  const owner = await createUser();
  const author = await createUser();
  const [recipe, elsewhere] = [await createRecipe(owner), await createRecipe(owner)];
  const comment = await createComment(author.id, recipe.id, { rating: 3, nickname: 'A', comment: 'Gut' });

  await expect(deleteComment(author.id, elsewhere.id, comment.uid)).rejects.toMatchObject({ status: 404 });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 3, count: 1 });
  expect(await ratingOf(elsewhere.id)).toEqual({ sum: 0, count: 0 });
  expect(await listComments(recipe.id)).toHaveLength(1);
});

test('deleting an account takes its ratings off other recipes; its own recipes go', async () => {
  const owner = await createUser();
  const [stays, leaves] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  const [own, other] = [await createRecipe(leaves), await createRecipe(leaves)];
  await createComment(stays.id, recipe.id, { rating: 2, nickname: 'Bleibt', comment: 'Geht so' });
  await createComment(leaves.id, recipe.id, { rating: 5, nickname: 'Geht', comment: 'Super' });
  await createComment(leaves.id, recipe.id, { rating: 4, nickname: 'Geht', comment: 'Nochmals' });
  await createComment(leaves.id, own.id, { rating: 1, nickname: 'Geht', comment: 'Eigenes' });
  await createComment(stays.id, own.id, { rating: 3, nickname: 'Bleibt', comment: 'Fremdes' });

  await getDb().delete(users).where(eq(users.id, leaves.id));

  expect(await ratingOf(recipe.id)).toEqual({ sum: 2, count: 1 });
  expect((await getRecipe(recipe.id))!.avgRating).toBe(2);
  expect((await listComments(recipe.id)).map((c) => c.nickname)).toEqual(['Bleibt']);
  expect(await getDb().$count(recipes, inArray(recipes.id, [own.id, other.id]))).toBe(0);
  expect(await getDb().$count(comments, eq(comments.recipeId, own.id))).toBe(0);
  expect(await getDb().$count(comments, eq(comments.authorId, leaves.id))).toBe(0);
});

test('a comment on a missing recipe is refused and stores nothing', async () => {
  const user = await createUser();
  await expect(
    createComment(user.id, '00000000-0000-4000-8000-000000000000', { rating: 3, nickname: 'X', comment: 'Hallo' }),
  ).rejects.toMatchObject({ status: 404 });
  expect(await getDb().$count(comments, eq(comments.authorId, user.id))).toBe(0);
});

test('posting is rate limited per user', async () => {
  const owner = await createUser();
  const [busy, calm] = [await createUser(), await createUser()];
  const recipe = await createRecipe(owner);
  for (let i = 0; i < COMMENT_RATE_LIMIT.max; i++) {
    await createComment(busy.id, recipe.id, { rating: 5, nickname: 'B', comment: `Nr. ${i}` });
  }
  await expect(createComment(busy.id, recipe.id, { rating: 1, nickname: 'B', comment: 'zu viel' })).rejects.toMatchObject({
    status: 429,
  });
  await createComment(calm.id, recipe.id, { rating: 1, nickname: 'C', comment: 'ok' });
  expect(await ratingOf(recipe.id)).toEqual({ sum: 5 * COMMENT_RATE_LIMIT.max + 1, count: COMMENT_RATE_LIMIT.max + 1 });
});

test('200 comments posted at once are all stored and the mean is exact', async () => {
  const owner = await createUser();
  const recipe = await createRecipe(owner);
  const authors = await Promise.all(Array.from({ length: 20 }, () => createUser()));
  const ratings = Array.from({ length: 200 }, (_, i) => (i * 7) % 5 + 1);
  await Promise.all(
    ratings.map((rating, i) =>
      createComment(authors[i % 20]!.id, recipe.id, { rating, nickname: `N${i}`, comment: `Kommentar ${i}` }),
    ),
  );
  const sum = ratings.reduce((a, b) => a + b, 0);
  expect(await ratingOf(recipe.id)).toEqual({ sum, count: 200 });
  expect(await getDb().$count(comments, eq(comments.recipeId, recipe.id))).toBe(200);
  expect((await getRecipe(recipe.id))!.avgRating).toBe(sum / 200);
});

test('the comment state keeps the spec’s message when no recipe id is given', async () => {
  expect(await loadCommentState(undefined)).toEqual({ comments: [], error: MISSING_RECIPE_ID });
  expect(MISSING_RECIPE_ID).toBe('Blog id not provided, cannot load comments');
});

test('the shared schema asks for a rating and a text, and bounds the lengths', () => {
  const noRating = commentSchema.safeParse({ rating: '0', nickname: 'Ann', comment: 'Fein' });
  expect(noRating.success || commentFieldErrors(noRating.error)).toEqual({ rating: 'Bitte gib eine Bewertung ab.' });
  const noText = commentSchema.safeParse({ rating: '4', nickname: 'Ann', comment: '   ' });
  expect(noText.success || commentFieldErrors(noText.error)).toEqual({ comment: 'Bitte schreibe einen Kommentar.' });
  for (const rating of ['6', '2.5', 'abc', '-1']) {
    expect(commentSchema.safeParse({ rating, nickname: 'A', comment: 'B' }).success).toBe(false);
  }
  expect(commentSchema.safeParse({ rating: '5', nickname: 'A', comment: 'x'.repeat(2001) }).success).toBe(false);
  expect(commentSchema.parse({ rating: '5', nickname: ' Ann ', comment: ' Fein\nsehr ' })).toEqual({
    rating: 5,
    nickname: 'Ann',
    comment: 'Fein\nsehr',
  });
});
