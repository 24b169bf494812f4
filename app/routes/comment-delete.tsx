// /detail/{id}/kommentare/{commentId}/loeschen: the question of the comment's
// delete dialog as a page, for its delete icon without JavaScript. It posts
// the dialog's form to the recipe's page, whose action checks again who may.
import type { Route } from './+types/comment-delete';
import { DeleteConfirmation } from '../components/delete-confirmation.tsx';
import { Text } from '../components/text.tsx';
import { COMMENT_REFUSALS } from '../features/comments/comment-actions.server.ts';
import { DELETE_COMMENT_QUESTION } from '../features/comments/comment-deletion.ts';
import { getReportableComment } from '../features/comments/comment-reports.server.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { isUuid } from '../utils/ids.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';
import styles from './comment-delete.module.css';
import { withShortGaps } from '../utils/plain-text.ts';
import { refusal } from '../utils/refusal.ts';

export function meta() {
  return [...pageMeta('Kommentar löschen'), NOINDEX];
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const { recipeId, commentId } = params;
  const comment = isUuid(recipeId) && isUuid(commentId) ? await getReportableComment(recipeId, commentId) : undefined;
  if (!comment) throw refusal(404);
  // Its author, and the recipe's owner for every comment on it.
  if (comment.authorId !== user.id && (await getRecipe(recipeId))?.userId !== user.id) throw refusal(403, COMMENT_REFUSALS.forbidden.message);
  return { recipeId, commentId, nickname: comment.nickname, text: comment.comment };
}

export default function CommentDeletePage({ loaderData }: Route.ComponentProps) {
  const { recipeId, commentId, nickname, text } = loaderData;
  return (
    <DeleteConfirmation
      title="Kommentar löschen"
      question={DELETE_COMMENT_QUESTION}
      // Back at the comments afterwards, where the section says it is done.
      action={`/detail/${recipeId}#kommentare`}
      fields={{ intent: 'delete-comment', commentId }}
      cancelTo={`/detail/${recipeId}`}
    >
      <blockquote className={styles.quote}>
        <Text className={styles.quoted}>{withShortGaps(text)}</Text>
        <Text variant="body2">– {nickname}</Text>
      </blockquote>
    </DeleteConfirmation>
  );
}
