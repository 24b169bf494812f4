import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect } from 'react';
import { Form, useFormAction, useNavigationType } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { OutlinedField } from '../../../components/form/outlined-field.tsx';
import { StarRatingInput } from '../../../components/form/star-rating-input.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LeaveGuard } from '../../../components/form/leave-guard.tsx';
import { useUnsavedChanges } from '../../../components/form/use-unsaved-changes.ts';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import { takeLostFocus } from '../../../components/lost-focus.ts';
import { Paper } from '../../../components/paper.tsx';
import { Stack } from '../../../components/stack.tsx';
import { Text } from '../../../components/text.tsx';
import { useHydrated } from '../../../utils/use-hydrated.ts';
import type { CommentActionResult } from '../comment-action-result.ts';
import { COMMENT_FORM_ANCHOR } from '../comment-paths.ts';
import { COMMENT_FIELDS, COMMENT_MAX_LENGTH, HONEYPOT_FIELD, NICKNAME_MAX_LENGTH, OWN_RECIPE_RATING_MESSAGE } from '../comment-fields.ts';
import styles from './comment-form.module.css';

// The schema is three quarters of the form's code: it comes when the form is near the viewport.
const loadRatedCheck = () => import('./comment-form-checks.ts').then((checks) => checks.checkRated);
const loadOwnCheck = () => import('./comment-form-checks.ts').then((checks) => checks.checkOwn);

// Asked before a written comment is left behind: MUI's Dialog, loaded once the form is focused.
const UnsavedChangesDialog = lazyComponent(() => import('../../../components/form/unsaved-changes-dialog.tsx').then((module) => module.UnsavedChangesDialog));
// Not fetched now (offline): it is tried again when the question is needed.
const loadDialog = () => void UnsavedChangesDialog.preload().catch(() => undefined);

function starLabel(value: number) {
  return `${value} ${value === 1 ? 'Stern' : 'Sterne'}`;
}

type Props = {
  displayName: string;
  result: CommentActionResult | undefined;
  /** The reader wrote this recipe: they may comment but not rate it, so the form has no stars. */
  ownRecipe?: boolean;
  /** The reader's rating already counts in this recipe's mean: a new one takes its place. */
  ratedBefore?: boolean;
};

/**
 * Star rating, nickname and text, posted to the detail page's action. The
 * rating's radio inputs make it a plain form before JavaScript loads. The
 * parent gives it a new `key` after each saved comment, which resets it.
 * Static HTML and CSS, no MUI: it renders on every signed-in recipe page.
 */
export function CommentForm({ displayName, result, ownRecipe = false, ratedBefore = false }: Props) {
  const failed = result && !result.ok ? result : undefined;
  const { errors, formError, pending, onSubmit, clearError, ref } = useForm({
    answer: failed,
    loadCheck: ownRecipe ? loadOwnCheck : loadRatedCheck,
    fields: COMMENT_FIELDS,
    intent: 'create-comment',
  });
  const unsaved = useUnsavedChanges(ref);
  // Before JavaScript runs, a plain post: its answer (a refusal) comes back at the form, not at the top of the page.
  const plainAction = `${useFormAction()}#${COMMENT_FORM_ANCHOR}`;
  const hydrated = useHydrated();
  // Back from signing in to comment (the prompt's link ends in this form's anchor): after a navigation in
  // the browser the form's code came after the page, too late for the browser to scroll to it. Not on a
  // load or a step back (POP): there the browser and React Router's scroll restoration decide.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && window.location.hash === `#${COMMENT_FORM_ANCHOR}`) {
      const anchor = document.getElementById(COMMENT_FORM_ANCHOR);
      anchor?.scrollIntoView();
      // The link followed (on the sign-in page) is gone: the focus starts here too, not at the top.
      takeLostFocus(anchor);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form comes
  }, []);

  return (
    <Paper className={styles.paper}>
      <Form
        ref={ref}
        method="post"
        action={hydrated ? undefined : plainAction}
        preventScrollReset
        noValidate
        aria-labelledby={COMMENT_FORM_ANCHOR}
        onFocus={loadDialog}
        onSubmit={(event) => {
          if (onSubmit(event)) unsaved.markSent();
        }}
      >
        <input type="hidden" name="intent" value="create-comment" />
        <Stack spacing={2}>
          <Text variant="h5" component="h3" id={COMMENT_FORM_ANCHOR}>
            {ownRecipe ? 'Dein Kommentar zum Rezept' : 'Wie hat es dir geschmeckt?'}
          </Text>
          {ownRecipe ? (
            <Text className={styles.note}>{OWN_RECIPE_RATING_MESSAGE}</Text>
          ) : (
            <StarRatingInput
              name="rating"
              groupLabel="Bewertung"
              defaultValue={Number(failed?.values?.rating) || 0}
              label={starLabel}
              hint={ratedBefore ? 'Du hast dieses Rezept schon bewertet: Deine neue Bewertung ersetzt die bisherige im Durchschnitt.' : undefined}
              error={errors.rating}
              onChange={() => clearError('rating')}
            />
          )}
          <OutlinedField name="nickname" label="Nickname" defaultValue={failed?.values?.nickname ?? displayName} required error={errors.nickname} maxLength={NICKNAME_MAX_LENGTH} />
          <OutlinedField name="comment" label="Kommentar" defaultValue={failed?.values?.comment ?? ''} required error={errors.comment} maxLength={COMMENT_MAX_LENGTH} multiline />
          {/* The honeypot: out of sight and out of the tab order; people leave it empty, robots fill it in. */}
          <div style={visuallyHidden} aria-hidden="true">
            <label htmlFor={`${HONEYPOT_FIELD}-field`}>Website (bitte leer lassen)</label>
            <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {formError && <ErrorNotice>{formError}</ErrorNotice>}
          <div>
            <SubmitButton loading={pending}>Kommentieren</SubmitButton>
          </div>
        </Stack>
      </Form>
      <LeaveGuard changes={unsaved.changes} shouldBlock={unsaved.shouldBlock} Dialog={UnsavedChangesDialog} />
    </Paper>
  );
}
