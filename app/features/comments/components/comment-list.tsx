import type { ReactNode } from 'react';
import { Paper } from '../../../components/paper.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { Text } from '../../../components/text.tsx';
import { formatLongDate } from '../../../utils/format.ts';
import type { CommentView } from '../comment-types.ts';
import styles from './comment-list.module.css';
import { commentAnchor } from '../comment-paths.ts';
import { withShortGaps } from '../../../utils/plain-text.ts';

type Props = {
  comments: CommentView[];
  /** Controls at the top right of a comment (the delete icon). */
  actionsFor?: (comment: CommentView) => ReactNode;
  /** Below a comment's text (the "Melden" link). */
  footerFor?: (comment: CommentView) => ReactNode;
};

/** The comments, oldest first (a new one is appended); each part is static CSS (see comment-list.module.css). */
export function CommentList({ comments, actionsFor, footerFor }: Props) {
  if (comments.length === 0) {
    return (
      <Paper className={styles.empty}>
        <Text variant="h5" component="p">
          Dieses Rezept wurde noch nicht bewertet
        </Text>
        <Text className={styles.emptyInvitation}>Hast du es bereits ausprobiert? Dann freuen wir uns über deine Meinung!</Text>
      </Paper>
    );
  }
  return (
    <ul className={styles.list}>
      {comments.map((comment) => (
        // tabIndex -1: the comment a link points at can take the focus (comments-section.tsx).
        <li key={comment.uid} id={commentAnchor(comment.uid)} tabIndex={-1} className={`${styles.card} ${styles.comment}`}>
          <div className={styles.row}>
            <div className={styles.avatar} aria-hidden>
              {comment.nickname.trim().charAt(0).toUpperCase() || '?'}
            </div>
            <div className={styles.body}>
              <div className={styles.header}>
                <div>
                  <p className={styles.name}>{comment.nickname}</p>
                  <span className={styles.caption}>{formatLongDate(comment.createdAt)}</span>
                </div>
                {actionsFor?.(comment)}
              </div>
              {comment.rating !== null && (
                <div className={styles.rating}>
                  <RatingStars value={comment.rating} />
                  {/* A person's rating counts once per recipe: the latest; earlier ones keep their stars. */}
                  {!comment.ratingCounts && <span className={styles.caption}>zählt nicht zum Durchschnitt</span>}
                </div>
              )}
              <p className={styles.text}>{withShortGaps(comment.comment)}</p>
              {footerFor?.(comment)}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
