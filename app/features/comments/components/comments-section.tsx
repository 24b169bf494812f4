import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { AppLink } from '../../../components/app-link.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Divider } from '../../../components/divider.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { OutlinedFlagIcon } from '../../../components/icons.tsx';
import { Paper } from '../../../components/paper.tsx';
import { Stack } from '../../../components/stack.tsx';
import { Text } from '../../../components/text.tsx';
import { displayName } from '../../../utils/display-name.ts';
import { readServingsParam } from '../../../utils/servings-param.ts';
import type { CommentActionResult } from '../comment-action-result.ts';
import { COMMENT_FORM_ANCHOR, commentAnchor, commentFormOnRecipePath, reportPath } from '../comment-paths.ts';
import type { CommentView } from '../comment-types.ts';
import { CommentList } from './comment-list.tsx';
import { DeleteCommentButton } from './delete-comment-button.tsx';
import { CommentForm } from './lazy-comment-form.ts';
import styles from './comments-section.module.css';

type Props = {
  recipeId: string;
  /** The recipe's owner: they may remove any comment on it, and comment without rating. */
  recipeOwnerId: string;
  state: { comments: CommentView[]; error: string | null };
  user: { id: string; name: string } | null;
  /** The detail page's last action answer, if it was a comment action. */
  result: CommentActionResult | undefined;
};

const takeFocus = (element: HTMLElement | null) => element?.focus({ preventScroll: true });

/** "Kommentare": the list, its errors, and the form for signed-in readers. */
export function CommentsSection({ recipeId, recipeOwnerId, state, user, result }: Props) {
  const createResult = result?.intent === 'create-comment' ? result : undefined;
  const deleteError = result?.intent === 'delete-comment' && !result.ok ? result.formError : undefined;
  const deleted = result?.intent === 'delete-comment' && result.ok ? result.commentId : undefined;
  // A deleted comment leaves the list with its message, not a moment later with the page's new data:
  // the form below would move under a reader's next click (a star then missed).
  const comments = deleted ? state.comments.filter((comment) => comment.uid !== deleted) : state.comments;
  const { key, pathname, hash, search } = useLocation();
  // The form starts again from its defaults on another recipe and after a saved comment, whose
  // redirect comes back at the new comment's anchor. Everything else on the page (other servings,
  // a deleted comment, a refusal) keeps what was typed.
  const pointsAtComment = hash.startsWith(`#${commentAnchor('')}`) && hash !== `#${COMMENT_FORM_ANCHOR}`;
  const [savedAnchor, setSavedAnchor] = useState(hash);
  if (pointsAtComment && hash !== savedAnchor) setSavedAnchor(hash);
  const formKey = `${pathname}${savedAnchor}`;
  const justPosted = useJustPostedAnchor({ hash, key }, pointsAtComment);
  // A saved comment's page (and a report mail's link) points at the comment: the focus goes there
  // too, for the keyboard and screen readers (it would stay on the form's button, which is gone).
  useEffect(() => {
    if (pointsAtComment) document.getElementById(hash.slice(1))?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each arrival at an anchor, also the same one again
  }, [hash, key]);
  return (
    <Stack component="section" aria-labelledby="kommentare" spacing={2} className={styles.section}>
      <Divider />
      <Text variant="h2" id="kommentare">
        Kommentare
      </Text>
      {state.error && <ErrorNotice>{state.error}</ErrorNotice>}
      {deleteError && <ErrorNotice>{deleteError}</ErrorNotice>}
      {deleted && (
        // It takes the focus, which was on the deleted comment's icon (keyed: each deletion anew).
        <p key={deleted} role="status" tabIndex={-1} ref={takeFocus} className={styles.deleted}>
          Der Kommentar ist gelöscht.
        </p>
      )}
      <CommentList
        comments={comments}
        // The author, and the recipe's owner for every comment on it (the server checks it again).
        actionsFor={(comment) =>
          user && (comment.authorId === user.id || recipeOwnerId === user.id) ? <DeleteCommentButton recipeId={recipeId} commentId={comment.uid} /> : null
        }
        // Any reader may report a comment, except their own; a plain link, so it works without JavaScript.
        footerFor={(comment) =>
          comment.authorId === user?.id ? (
            justPosted === `#${commentAnchor(comment.uid)}` && (
              <p role="status" className={styles.thanks}>
                Danke für deinen Kommentar! Er ist jetzt für alle sichtbar.
              </p>
            )
          ) : (
            <ButtonLink
              variant="text"
              size="small"
              to={reportPath(recipeId, comment.uid)}
              rel="nofollow"
              startIcon={<OutlinedFlagIcon />}
              className={styles.report}
              // Each report link names its comment for screen readers; the visible word stays "Melden".
              aria-label={`Kommentar von ${comment.nickname} melden`}
            >
              Melden
            </ButtonLink>
          )
        }
      />
      {user ? (
        <CommentForm
          key={formKey}
          displayName={displayName(user.name)}
          result={createResult}
          ownRecipe={recipeOwnerId === user.id}
          ratedBefore={comments.some((comment) => comment.authorId === user.id && comment.ratingCounts)}
        />
      ) : (
        <Paper className={styles.signInHint}>
          <Text>
            {/* Back at the form afterwards, with the servings chosen. */}
            <AppLink to={`/login?redirectTo=${encodeURIComponent(commentFormOnRecipePath(recipeId, readServingsParam(new URLSearchParams(search))))}`}>
              Melde dich an
            </AppLink>
            , um dieses Rezept
            zu bewerten und zu kommentieren.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The anchor of the comment this reader has just posted, on the page its post
 * arrived at: a post that went off here and came back at a new comment's
 * anchor (the saved comment's redirect). A refused post stays where it was,
 * and a report mail's link to a comment was no post: neither is thanked. The
 * thanks goes with the next post and with any move away (coming back to that
 * page from the history brings none).
 */
function useJustPostedAnchor({ hash, key }: { hash: string; key: string }, pointsAtComment: boolean) {
  const navigation = useNavigation();
  const posting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-comment';
  const [postedFrom, setPostedFrom] = useState<string | null>(null);
  const [thanked, setThanked] = useState<{ hash: string; key: string } | null>(null);
  if (posting && postedFrom === null) {
    setPostedFrom(hash);
    setThanked(null);
  } else if (!posting && postedFrom !== null) {
    setPostedFrom(null);
    if (pointsAtComment && hash !== postedFrom) setThanked({ hash, key });
  } else if (thanked && thanked.key !== key) {
    setThanked(null);
  }
  return thanked?.key === key ? thanked.hash : null;
}
