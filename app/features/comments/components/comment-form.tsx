import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import {
  COMMENT_MAX_LENGTH,
  commentFieldErrors,
  commentSchema,
  NICKNAME_MAX_LENGTH,
  type CommentFieldErrors,
} from '../comment-schema.ts';

export type CommentActionData = { ok: true } | { ok: false; fieldErrors?: CommentFieldErrors; formError?: string };

function starLabel(value: number) {
  return `${value} ${value === 1 ? 'Stern' : 'Sterne'}`;
}

/**
 * Star rating, nickname and text. Posts to the detail page's action; the
 * rating's radio inputs make it a plain form before JavaScript loads.
 */
export function CommentForm({ displayName }: { displayName: string }) {
  const fetcher = useFetcher<CommentActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(0);
  const [clientErrors, setClientErrors] = useState<CommentFieldErrors>({});
  const submitting = fetcher.state !== 'idle';
  const result = fetcher.data;
  const errors = { ...(result && !result.ok ? result.fieldErrors : {}), ...clientErrors };

  // After a valid submit the form goes back to its defaults (spec §4).
  useEffect(() => {
    if (fetcher.state === 'idle' && result?.ok) {
      formRef.current?.reset();
      setRating(0);
      setClientErrors({});
    }
  }, [fetcher.state, result]);

  return (
    <Paper elevation={0} sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3 }}>
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        aria-label="Kommentar schreiben"
        onSubmit={(event) => {
          const parsed = commentSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          const found = parsed.success ? {} : commentFieldErrors(parsed.error);
          setClientErrors(found);
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="create-comment" />
        <Stack spacing={2}>
          <Typography variant="h5" component="h3">
            Wie hat es dir geschmeckt?
          </Typography>
          <div>
            <Rating
              name="rating"
              max={5}
              value={rating}
              getLabelText={starLabel}
              // A click on the current value (null) or a reset to zero is ignored.
              onChange={(_, value) => {
                if (value) {
                  setRating(value);
                  setClientErrors(({ rating: _gone, ...rest }) => rest);
                }
              }}
              size="large"
              sx={{ color: 'secondary.main' }}
            />
            {errors.rating && (
              <FormHelperText error role="alert">
                {errors.rating}
              </FormHelperText>
            )}
          </div>
          <TextField
            name="nickname"
            label="Nickname"
            defaultValue={displayName}
            required
            error={Boolean(errors.nickname)}
            helperText={errors.nickname}
            slotProps={{ htmlInput: { maxLength: NICKNAME_MAX_LENGTH } }}
          />
          <TextField
            name="comment"
            label="Kommentar"
            required
            multiline
            minRows={2}
            maxRows={4}
            error={Boolean(errors.comment)}
            helperText={errors.comment}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
          />
          {result && !result.ok && result.formError && <Alert severity="error">{result.formError}</Alert>}
          <div>
            <Button type="submit" variant="contained" size="large" loading={submitting}>
              Kommentieren
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
