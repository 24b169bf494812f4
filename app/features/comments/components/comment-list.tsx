import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { formatLongDate } from '../../../utils/format.ts';
import type { CommentView } from '../comment-types.ts';

type Props = {
  comments: CommentView[];
  /** Controls at the top right of a comment (the delete icon). */
  actionsFor?: (comment: CommentView) => ReactNode;
  /** Below a comment's text (the "Melden" link). */
  footerFor?: (comment: CommentView) => ReactNode;
};

/** The anchor of a comment on the recipe page (links in report mails point at it). */
export function commentAnchor(commentId: string) {
  return `kommentar-${commentId}`;
}

export function CommentList({ comments, actionsFor, footerFor }: Props) {
  if (comments.length === 0) {
    return (
      <Paper sx={{ p: 3 }}>
        <Typography variant="h5" component="p">
          Dieses Rezept wurde noch nicht bewertet
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Hast du es bereits ausprobiert? Dann freuen wir uns über deine Meinung!
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {comments.map((comment) => (
        <Paper component="li" key={comment.uid} id={commentAnchor(comment.uid)} sx={{ p: 2.5, scrollMarginTop: 88 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Avatar sx={{ bgcolor: 'secondary.main', color: 'primary.main', fontFamily: 'var(--font-sans)' }} aria-hidden>
              {comment.nickname.trim().charAt(0).toUpperCase() || '?'}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Box>
                  <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {comment.nickname}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatLongDate(comment.createdAt)}
                  </Typography>
                </Box>
                {actionsFor?.(comment)}
              </Stack>
              {comment.rating !== null && (
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <RatingStars value={comment.rating} />
                  {/* A person's rating counts once per recipe: the latest; earlier ones keep their stars. */}
                  {!comment.ratingCounts && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      zählt nicht zum Durchschnitt
                    </Typography>
                  )}
                </Stack>
              )}
              <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{comment.comment}</Typography>
              {footerFor?.(comment)}
            </Box>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
