import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { comments } from '../../db/schema/recipes.ts';
import type { CommentView } from './comment-types.ts';

/** A recipe's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(recipeId: string): Promise<CommentView[]> {
  const rows = await getDb()
    .select()
    .from(comments)
    .where(eq(comments.recipeId, recipeId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => ({
    uid: row.id,
    authorId: row.authorId,
    nickname: row.nickname,
    comment: row.comment,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
  }));
}
