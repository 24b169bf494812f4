// Reports of comments ("Melden"), one per person and comment: a signed-in
// reader by user id, a signed-out one by a keyed hash of the client's IP
// address (the address itself is never stored). The unique indexes of
// comment_reports decide "already reported", so two reports at once cannot
// both be stored. Reports go with the comment and with the reporting account.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db/client.server.ts';
import { isForeignKeyViolation } from '../../db/errors.server.ts';
import { commentReports, comments, recipes } from '../../db/schema/recipes.ts';
import { deriveSecret } from '../../lib/auth-secret.server.ts';

export type Reporter = { userId: string } | { ip: string };

/** The reporting address as stored: HMAC with a key derived from AUTH_SECRET, so a table dump does not give the addresses back. */
export function reporterIpHash(ip: string) {
  return createHmac('sha256', deriveSecret('comment-report-ip')).update(ip).digest('hex');
}

/** A comment as the report page and the report mail show it, or undefined when it is not on that recipe. */
export async function getReportableComment(recipeId: string, commentId: string) {
  const [row] = await getDb()
    .select({
      commentId: comments.id,
      recipeId: comments.recipeId,
      authorId: comments.authorId,
      nickname: comments.nickname,
      comment: comments.comment,
      createdAt: comments.createdAt,
      recipeTitle: recipes.title,
    })
    .from(comments)
    .innerJoin(recipes, eq(recipes.id, comments.recipeId))
    .where(and(eq(comments.id, commentId), eq(comments.recipeId, recipeId)));
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

export type ReportedComment = NonNullable<Awaited<ReturnType<typeof getReportableComment>>>;
export type ReportRefusal = 'not-found' | 'already-reported';

/** Stores the report; refuses a comment that is not (or no longer) on the recipe, and a second report by the same person. */
export async function reportComment(
  reporter: Reporter,
  recipeId: string,
  commentId: string,
  reason: string,
): Promise<{ ok: true; comment: ReportedComment } | { ok: false; reason: ReportRefusal }> {
  const comment = await getReportableComment(recipeId, commentId);
  if (!comment) return { ok: false, reason: 'not-found' };
  const who = 'userId' in reporter ? { reporterId: reporter.userId } : { reporterIpHash: reporterIpHash(reporter.ip) };
  try {
    const inserted = await getDb()
      .insert(commentReports)
      .values({ commentId, reason, ...who })
      .onConflictDoNothing()
      .returning({ id: commentReports.id });
    return inserted.length === 1 ? { ok: true, comment } : { ok: false, reason: 'already-reported' };
  } catch (error) {
    // The comment was deleted between the look-up and the insert (foreign key).
    if (isForeignKeyViolation(error)) {
      return { ok: false, reason: 'not-found' };
    }
    throw error;
  }
}
