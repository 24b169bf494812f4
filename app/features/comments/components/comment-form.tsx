import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { CommentActionResult } from '../comment-action-result.ts';
import {
  COMMENT_MAX_LENGTH,
  commentFieldErrors,
  commentSchema,
  NICKNAME_MAX_LENGTH,
  type CommentFieldErrors,
} from '../comment-schema.ts';

function starLabel(value: number) {
  return `${value} ${value === 1 ? 'Stern' : 'Sterne'}`;
}

type Props = { displayName: string; result: CommentActionResult | undefined };

/**
 * Star rating, nickname and text, posted to the detail page's action. The
 * rating's radio inputs make it a plain form before JavaScript loads. The
 * parent gives it a new `key` after each saved comment, which resets it.
 */
export function CommentForm({ displayName, result }: Props) {
  const navigation = useNavigation();
  const failed = result && !result.ok ? result : undefined;
  const [rating, setRating] = useState(Number(failed?.values?.rating) || 0);
  const [clientErrors, setClientErrors] = useState<CommentFieldErrors | null>(null);
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create-comment';
  // Fresh client-side findings win; otherwise show what the server said.
  const errors = clientErrors ?? failed?.fieldErrors ?? {};

  return (
    <Paper elevation={0} sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3 }}>
      <Form
        method="post"
        preventScrollReset
        noValidate
        aria-labelledby="kommentar-schreiben"
        onSubmit={(event) => {
          const parsed = commentSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          setClientErrors(parsed.success ? null : commentFieldErrors(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="create-comment" />
        <Stack spacing={2}>
          <Typography variant="h5" component="h3" id="kommentar-schreiben">
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
                  if (clientErrors?.rating) setClientErrors({ ...clientErrors, rating: undefined });
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
            defaultValue={failed?.values?.nickname ?? displayName}
            required
            error={Boolean(errors.nickname)}
            helperText={errors.nickname}
            slotProps={{ htmlInput: { maxLength: NICKNAME_MAX_LENGTH } }}
          />
          <TextField
            name="comment"
            label="Kommentar"
            defaultValue={failed?.values?.comment ?? ''}
            required
            multiline
            minRows={2}
            maxRows={4}
            error={Boolean(errors.comment)}
            helperText={errors.comment}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
          />
          {failed?.formError && <Alert severity="error">{failed.formError}</Alert>}
          <div>
            <Button type="submit" variant="contained" size="large" loading={submitting}>
              Kommentieren
            </Button>
          </div>
        </Stack>
      </Form>
    </Paper>
  );
}
