import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useState } from 'react';
import { Form } from 'react-router';
import { validate } from '../../../components/form/form-answer.ts';
import { MultiLineInput, TextInput } from '../../../components/form/fields.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import type { CommentActionResult } from '../comment-action-result.ts';
import {
  COMMENT_FIELDS,
  COMMENT_MAX_LENGTH,
  commentSchema,
  HONEYPOT_FIELD,
  NICKNAME_MAX_LENGTH,
  OWN_RECIPE_RATING_MESSAGE,
  ownCommentSchema,
} from '../comment-schema.ts';
import { MuiTheme } from '../../../theme/mui-theme.tsx';

function checkRated(data: FormData) {
  return validate(commentSchema, Object.fromEntries(data));
}

function checkOwn(data: FormData) {
  return validate(ownCommentSchema, Object.fromEntries(data));
}

/** Focusing a star would show it as chosen: the rating's message is an alert instead. */
const FOCUS_NAMES = { rating: null };

function starLabel(value: number) {
  return `${value} ${value === 1 ? 'Stern' : 'Sterne'}`;
}

type Props = {
  displayName: string;
  result: CommentActionResult | undefined;
  /** The reader wrote this recipe: they may comment but not rate it, so the form has no stars. */
  ownRecipe?: boolean;
};

/**
 * Star rating, nickname and text, posted to the detail page's action. The
 * rating's radio inputs make it a plain form before JavaScript loads. The
 * parent gives it a new `key` after each saved comment, which resets it.
 */
export function CommentForm({ displayName, result, ownRecipe = false }: Props) {
  const failed = result && !result.ok ? result : undefined;
  const [rating, setRating] = useState(Number(failed?.values?.rating) || 0);
  const { errors, formError, pending, onSubmit, clearError } = useForm({
    answer: failed,
    check: ownRecipe ? checkOwn : checkRated,
    fields: COMMENT_FIELDS,
    focusNames: FOCUS_NAMES,
    intent: 'create-comment',
  });

  return (
    <MuiTheme>
      <Paper sx={{ p: { xs: 2.5, md: 3 } }}>
        <Form
          method="post"
          preventScrollReset
          noValidate
          aria-labelledby="kommentar-schreiben"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="create-comment" />
          <Stack spacing={2}>
            <Typography variant="h5" component="h3" id="kommentar-schreiben">
              {ownRecipe ? 'Dein Kommentar zum Rezept' : 'Wie hat es dir geschmeckt?'}
            </Typography>
            {ownRecipe ? (
              <Typography sx={{ color: 'text.secondary' }}>{OWN_RECIPE_RATING_MESSAGE}</Typography>
            ) : (
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
                      clearError('rating');
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
            )}
            <TextInput name="nickname" label="Nickname" defaultValue={failed?.values?.nickname ?? displayName} required error={errors.nickname} maxLength={NICKNAME_MAX_LENGTH} />
            <MultiLineInput name="comment" label="Kommentar" defaultValue={failed?.values?.comment ?? ''} required error={errors.comment} maxLength={COMMENT_MAX_LENGTH} />
            {/* The honeypot: out of sight and out of the tab order; people leave it empty, robots fill it in. */}
            <div style={visuallyHidden} aria-hidden="true">
              <label htmlFor={`${HONEYPOT_FIELD}-field`}>Website (bitte leer lassen)</label>
              <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            {formError && <Alert severity="error">{formError}</Alert>}
            <div>
              <Button type="submit" variant="contained" size="large" loading={pending}>
                Kommentieren
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
    </MuiTheme>
  );
}
