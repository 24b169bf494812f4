// Comment writes keep the recipe's rating exact: the comment row and the
// recipe's rating_sum/rating_count change in one transaction, with relative
// updates (sum = sum + x) that the database serialises on the recipe row.
// Nothing is read, modified and written back, so concurrent posts never lose one.
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { comments, recipes } from '../../db/schema/recipes.ts';
import { contentChanged } from '../../lib/content-version.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { quotaReached } from '../../lib/user-quota.server.ts';
import { toCommentView } from './comment-queries.server.ts';
import type { CommentInput } from './comment-schema.ts';
import type { CommentView } from './comment-types.ts';

/** Why a comment write did not happen; comment-actions.server.ts turns it into a status and a German message. */
export type CommentRefusal = 'too-many' | 'recipe-missing' | 'forbidden' | 'not-found';
export type CommentWriteResult<T = object> = ({ ok: true } & T) | { ok: false; reason: CommentRefusal };

/** Posts a comment as `authorId` (from the session); returns the stored comment. */
export async function createComment(authorId: string, recipeId: string, input: CommentInput): Promise<CommentWriteResult<{ comment: CommentView }>> {
  if (await quotaReached({ table: comments, owner: comments.authorId, createdAt: comments.createdAt }, authorId, getEnv().RATE_LIMIT_COMMENTS_PER_USER)) {
    return { ok: false, reason: 'too-many' };
  }
  const comment = await getDb().transaction(async (tx) => {
    const [recipe] = await tx
      .update(recipes)
      .set({ ratingSum: sql`${recipes.ratingSum} + ${input.rating}`, ratingCount: sql`${recipes.ratingCount} + 1` })
      .where(eq(recipes.id, recipeId))
      .returning({ id: recipes.id });
    if (!recipe) return null; // nothing was written
    const [row] = await tx
      .insert(comments)
      .values({ recipeId, authorId, nickname: input.nickname, comment: input.comment, rating: input.rating })
      .returning();
    return toCommentView(row!);
  });
  if (!comment) return { ok: false, reason: 'recipe-missing' };
  await contentChanged(); // the average on home, lists and detail
  return { ok: true, comment };
}

/** Deletes a comment if `userId` wrote it; the recipe's rating follows. */
export async function deleteComment(userId: string, recipeId: string, commentId: string): Promise<CommentWriteResult> {
  const refusal = await getDb().transaction(async (tx): Promise<CommentRefusal | undefined> => {
    const [deleted] = await tx
      .delete(comments)
      .where(and(eq(comments.id, commentId), eq(comments.recipeId, recipeId), eq(comments.authorId, userId)))
      .returning({ rating: comments.rating });
    if (!deleted) {
      // Same address as the delete: a comment of another recipe is "not found" here.
      const [exists] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.recipeId, recipeId)));
      return exists ? 'forbidden' : 'not-found'; // nothing was written
    }
    await tx
      .update(recipes)
      .set({ ratingSum: sql`${recipes.ratingSum} - ${deleted.rating}`, ratingCount: sql`${recipes.ratingCount} - 1` })
      .where(eq(recipes.id, recipeId));
    return undefined;
  });
  if (refusal) return { ok: false, reason: refusal };
  await contentChanged();
  return { ok: true };
}
