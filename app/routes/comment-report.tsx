// "Melden": a reader reports a comment to the site owner. A page of its own,
// so it works without JavaScript for signed-in readers; signed out, the page
// solves the anti-bot proof of work in the background (it needs JavaScript).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { Form, Link } from 'react-router';
import type { Route } from './+types/comment-report';
import { validate } from '../components/form/form-answer.ts';
import { MultiLineInput } from '../components/form/fields.tsx';
import { useForm } from '../components/form/use-form.ts';
import { useTakeLostFocus } from '../components/lost-focus.ts';
import { useAntiBotSubmit } from '../features/accounts/use-anti-bot-submit.ts';
import { useOptionalUser } from '../features/accounts/use-optional-user.ts';
import { reportAction } from '../features/comments/comment-report-actions.server.ts';
import { REPORT_FIELDS, REPORT_REASON_MAX_LENGTH, reportSchema, type ReportAnswer } from '../features/comments/comment-report-schema.ts';
import { commentOnRecipePath } from '../features/comments/comment-paths.ts';
import { getReportableComment } from '../features/comments/comment-reports.server.ts';
import { getSessionUser } from '../lib/auth.server.ts';
import { readFormData } from '../lib/form-data.server.ts';
import { getClientIp } from '../lib/request-context.server.ts';
import { formatLongDate } from '../utils/format.ts';
import { isUuid } from '../utils/ids.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';
import { withShortGaps } from '../utils/plain-text.ts';
import { refusal } from '../utils/refusal.ts';

export function meta() {
  return [...pageMeta('Kommentar melden'), NOINDEX];
}

export async function loader({ params }: Route.LoaderArgs) {
  const { recipeId, commentId } = params;
  const comment = isUuid(recipeId) && isUuid(commentId) ? await getReportableComment(recipeId, commentId) : undefined;
  if (!comment) throw refusal(404, 'Diesen Kommentar gibt es nicht mehr.');
  const { authorId: _authorId, ...shown } = comment; // only what the page shows
  return { comment: shown };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  return reportAction({
    userId: user?.id ?? null,
    clientIp: getClientIp(context),
    recipeId: params.recipeId,
    commentId: params.commentId,
    form: await readFormData(request),
  });
}

function check(form: FormData) {
  return validate(reportSchema, Object.fromEntries(form));
}

export default function CommentReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { comment } = loaderData;
  const answer = actionData as ReportAnswer | undefined;
  const user = useOptionalUser();
  const signedOut = user === null;
  const antiBot = useAntiBotSubmit(signedOut, answer);
  const form = useForm({ answer, check, fields: REPORT_FIELDS });
  const recipePath = commentOnRecipePath(comment.recipeId, comment.commentId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Signed in, <Form> submits as usual; signed out, the token goes along.
    if (form.onSubmit(event)) antiBot.submitWithToken(event);
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h1">Kommentar melden</Typography>
      <Typography>
        Zum Rezept{' '}
        <MuiLink component={Link} to={recipePath}>
          {comment.recipeTitle}
        </MuiLink>
        . Wir lesen jede Meldung; Kommentare, die gegen Gesetz oder Anstand verstossen, werden entfernt.
      </Typography>
      <Paper component="figure" sx={{ p: 2.5, m: 0 }}>
        <Typography variant="subtitle1" component="figcaption" sx={{ overflowWrap: 'anywhere' }}>
          {comment.nickname}{' '}
          <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
            {formatLongDate(comment.createdAt)}
          </Typography>
        </Typography>
        <Typography component="blockquote" sx={{ m: 0, mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {withShortGaps(comment.comment)}
        </Typography>
      </Paper>
      {answer?.done ? (
        <Stack spacing={2} role="status">
          <Thanks text={answer.done} />
          <div>
            <Button component={Link} to={recipePath} variant="contained">
              Zurück zum Rezept
            </Button>
          </div>
        </Stack>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} aria-label="Kommentar melden">
          <Stack spacing={2}>
            <MultiLineInput
              name="reason"
              label="Grund"
              hint="Was stimmt mit diesem Kommentar nicht? Zum Beispiel Werbung, Beleidigung oder Falschinformation."
              required
              fullWidth
              defaultValue={answer?.values?.reason ?? ''}
              error={form.errors.reason}
              maxLength={REPORT_REASON_MAX_LENGTH}
            />
            {signedOut && (
              <noscript>
                <Alert severity="info">
                  Ohne JavaScript kannst du nur angemeldet melden:{' '}
                  <Link to={`/login?redirectTo=${encodeURIComponent(`/detail/${comment.recipeId}/kommentare/${comment.commentId}/melden`)}`}>
                    Melde dich an
                  </Link>
                  .
                </Alert>
              </noscript>
            )}
            <div role="status" aria-live="polite">
              {form.formError && <Alert severity="error">{form.formError}</Alert>}
            </div>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button type="submit" variant="contained" color="error" loading={antiBot.solving || form.pending}>
                Kommentar melden
              </Button>
              <MuiLink component={Link} to={recipePath}>
                Abbrechen
              </MuiLink>
            </Stack>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}

/** The thanks that replace the form: they take the focus its button had. */
function Thanks({ text }: { text: string }) {
  return (
    <Alert severity="success" ref={useTakeLostFocus()}>
      {text}
    </Alert>
  );
}
