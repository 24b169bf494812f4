// A user's comments and reports of comments for their data export, each with the recipe it is on.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { commentReports, comments, recipes } from '../../db/schema/recipes.ts';

export async function listCommentsForExport(userId: string) {
  const rows = await getDb()
    .select({
      id: comments.id,
      recipeId: comments.recipeId,
      recipeTitle: recipes.title,
      nickname: comments.nickname,
      comment: comments.comment,
      /** null: a comment on one's own recipe, which carries no rating. */
      rating: comments.rating,
      /** Whether this rating is the one that counts in the recipe's mean (one's latest on it). */
      ratingCounts: comments.ratingCounts,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(recipes, eq(recipes.id, comments.recipeId))
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The comments a signed-in user reported, with the reason given (a signed-out report is kept under an address hash, no account). */
export async function listReportsForExport(userId: string) {
  const rows = await getDb()
    .select({
      commentId: commentReports.commentId,
      recipeTitle: recipes.title,
      nickname: comments.nickname,
      comment: comments.comment,
      reason: commentReports.reason,
      createdAt: commentReports.createdAt,
    })
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(recipes, eq(recipes.id, comments.recipeId))
    .where(eq(commentReports.reporterId, userId))
    .orderBy(asc(commentReports.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
