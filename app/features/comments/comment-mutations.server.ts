// Comment writes keep the recipe's rating exact: the comment row and the
// recipe's rating_sum/rating_count change in one transaction, with relative
// updates (sum = sum + x). Nothing is read, modified and written back, so
// concurrent posts never lose one.
//
// Each person's rating counts once per recipe (docs/product-rules.md): the
// comment whose `rating_counts` is set, their latest rated one. Every write
// first locks the recipe's row, so the writes on one recipe take turns and the
// person's counted comment read after the lock is the current one; a partial
// unique index makes a second counted comment per person impossible anyway.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Transaction } from '../../db/client.server.ts';
import { comments, recipes } from '../../db/schema/recipes.ts';
import { contentChanged } from '../../lib/content-version.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { quotaReached } from '../../lib/user-quota.server.ts';
import { toCommentView } from './comment-queries.server.ts';
import type { CommentView } from './comment-types.ts';

/** Why a comment write did not happen; comment-actions.server.ts turns it into a status and a German message. */
export type CommentRefusal = 'too-many' | 'recipe-missing' | 'forbidden' | 'not-found' | 'own-recipe-rating' | 'rating-required';
export type CommentWriteResult<T = object> = ({ ok: true } & T) | { ok: false; reason: CommentRefusal };

/** What a comment holds: 1–5 stars, or null for the recipe owner's comments (they cannot rate their own recipe). */
export type NewComment = { nickname: string; comment: string; rating: number | null };

/** Locks the recipe's row for the rest of the transaction; its owner, or undefined when there is no such recipe. */
async function lockRecipe(tx: Transaction, recipeId: string) {
  const [recipe] = await tx.select({ userId: recipes.userId }).from(recipes).where(eq(recipes.id, recipeId)).for('update');
  return recipe;
}

/**
 * Posts a comment as `authorId` (from the session); returns the stored comment.
 * A rating replaces the author's earlier rating of the recipe in its mean.
 */
export async function createComment(authorId: string, recipeId: string, input: NewComment): Promise<CommentWriteResult<{ comment: CommentView }>> {
  if (await quotaReached({ table: comments, owner: comments.authorId, createdAt: comments.createdAt }, authorId, getEnv().RATE_LIMIT_COMMENTS_PER_USER)) {
    return { ok: false, reason: 'too-many' };
  }
  const outcome = await getDb().transaction(async (tx): Promise<CommentWriteResult<{ comment: CommentView }>> => {
    const recipe = await lockRecipe(tx, recipeId);
    if (!recipe) return { ok: false, reason: 'recipe-missing' }; // nothing was written
    const own = recipe.userId === authorId;
    if (own && input.rating !== null) return { ok: false, reason: 'own-recipe-rating' };
    if (!own && input.rating === null) return { ok: false, reason: 'rating-required' };
    if (input.rating !== null) {
      // The author's rating that counted so far (if any) stops counting; the new one takes its place.
      const [previous] = await tx
        .update(comments)
        .set({ ratingCounts: false })
        .where(and(eq(comments.recipeId, recipeId), eq(comments.authorId, authorId), eq(comments.ratingCounts, true)))
        .returning({ rating: comments.rating });
      await tx
        .update(recipes)
        .set({
          ratingSum: sql`${recipes.ratingSum} + ${input.rating - (previous?.rating ?? 0)}`,
          ratingCount: sql`${recipes.ratingCount} + ${previous ? 0 : 1}`,
        })
        .where(eq(recipes.id, recipeId));
    }
    const [row] = await tx
      .insert(comments)
      .values({
        recipeId,
        authorId,
        nickname: input.nickname,
        comment: input.comment,
        rating: input.rating,
        ratingCounts: input.rating !== null,
        // The time the lock was held, not the transaction's start: "latest" means the order the writes took turns in.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    return { ok: true, comment: toCommentView(row!) };
  });
  if (outcome.ok) await contentChanged('pages'); // the average on home, lists and detail
  return outcome;
}

/**
 * Deletes a comment if `userId` wrote it or owns the recipe it is on. When it
 * held its author's counting rating, their latest remaining rated comment on
 * the recipe (if any) counts again.
 */
export async function deleteComment(userId: string, recipeId: string, commentId: string): Promise<CommentWriteResult> {
  const refusal = await getDb().transaction(async (tx): Promise<CommentRefusal | undefined> => {
    const recipe = await lockRecipe(tx, recipeId);
    if (!recipe) return 'not-found';
    const ownsRecipe = recipe.userId === userId;
    const [deleted] = await tx
      .delete(comments)
      .where(
        and(
          eq(comments.id, commentId),
          eq(comments.recipeId, recipeId),
          ownsRecipe ? undefined : eq(comments.authorId, userId),
        ),
      )
      .returning({ rating: comments.rating, ratingCounts: comments.ratingCounts, authorId: comments.authorId });
    if (!deleted) {
      // Same address as the delete: a comment of another recipe is "not found" here.
      const [exists] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.recipeId, recipeId)));
      return exists ? 'forbidden' : 'not-found'; // nothing was written
    }
    if (deleted.ratingCounts && deleted.rating !== null) {
      const [fallback] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.recipeId, recipeId), eq(comments.authorId, deleted.authorId), isNotNull(comments.rating)))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(1);
      const [next] = fallback
        ? await tx.update(comments).set({ ratingCounts: true }).where(eq(comments.id, fallback.id)).returning({ rating: comments.rating })
        : [];
      await tx
        .update(recipes)
        .set({
          ratingSum: sql`${recipes.ratingSum} - ${deleted.rating - (next?.rating ?? 0)}`,
          ratingCount: sql`${recipes.ratingCount} - ${next ? 0 : 1}`,
        })
        .where(eq(recipes.id, recipeId));
    }
    return undefined;
  });
  if (refusal) return { ok: false, reason: refusal };
  await contentChanged('pages');
  return { ok: true };
}
