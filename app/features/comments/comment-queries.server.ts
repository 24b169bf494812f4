import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { comments, recipes } from '../../db/schema/recipes.ts';
import { log } from '../../lib/logger.server.ts';
import type { CommentView } from './comment-types.ts';

export const MISSING_RECIPE_ID = 'Blog id not provided, cannot load comments';

/** A stored comment as the pages show it: the row id becomes `uid`, the date an ISO string. */
export function toCommentView(row: typeof comments.$inferSelect): CommentView {
  return {
    uid: row.id,
    authorId: row.authorId,
    nickname: row.nickname,
    comment: row.comment,
    rating: row.rating,
    ratingCounts: row.ratingCounts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A recipe's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(recipeId: string): Promise<CommentView[]> {
  const rows = await getDb()
    .select()
    .from(comments)
    .where(eq(comments.recipeId, recipeId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(toCommentView);
}

export type CommentState = { comments: CommentView[]; error: string | null };

/** The page's comment state: a failure to load is kept as a message and the list stays empty. */
export async function loadCommentState(recipeId: string | undefined): Promise<CommentState> {
  if (!recipeId) return { comments: [], error: MISSING_RECIPE_ID };
  try {
    return { comments: await listComments(recipeId), error: null };
  } catch (error) {
    log.error('loading comments failed', { recipeId, error });
    return { comments: [], error: 'Die Kommentare konnten nicht geladen werden. Bitte versuche es später erneut.' };
  }
}

/** Whether `userId` must rate this recipe to comment on it: it exists and is someone else's (createComment decides again). */
export async function mustRate(userId: string, recipeId: string): Promise<boolean> {
  const [recipe] = await getDb().select({ userId: recipes.userId }).from(recipes).where(eq(recipes.id, recipeId));
  return recipe !== undefined && recipe.userId !== userId;
}
