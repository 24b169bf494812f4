// The report page's action ("Melden"): check the reason, count the attempt
// (per user, or per IP when signed out), ask a signed-out reader for the
// anti-bot proof of work, store the report once per person and tell the site
// owner by mail. Refusals: one table, reason → status and German message.
import { data } from 'react-router';
import { redeemAntiBotPayload } from '../../lib/anti-bot.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { log } from '../../lib/logger.server.ts';
import { composeMail, sendMail } from '../../lib/mail.server.ts';
import { consumeRateLimit, rateLimitKey } from '../../lib/rate-limit.server.ts';
import { firstErrors } from '../../components/form/form-answer.ts';
import { isUuid } from '../../utils/ids.ts';
import { reportComment, type ReportedComment, type ReportRefusal } from './comment-reports.server.ts';
import { reportSchema, type ReportAnswer, type ReportField } from './comment-report-schema.ts';
import { commentOnRecipePath } from './comment-paths.ts';

export const REPORT_THANKS = 'Danke für deine Meldung! Wir schauen uns den Kommentar an.';

/** Every answer of the report action that is not a field's message. */
export const REPORT_REFUSALS: Record<ReportRefusal | 'too-many' | 'challenge-missing' | 'challenge-failed' | 'unavailable', { status: number; message: string }> = {
  'not-found': { status: 404, message: 'Diesen Kommentar gibt es nicht mehr.' },
  // Not an error for the reader: their report is there already.
  'already-reported': { status: 200, message: 'Du hast diesen Kommentar bereits gemeldet. Danke, wir kümmern uns darum.' },
  'too-many': { status: 429, message: 'Du hast in der letzten Stunde schon viele Kommentare gemeldet. Bitte versuche es später erneut.' },
  // No proof at all: a reader without JavaScript, for whom a reload changes nothing, or one whose
  // browser could not compute it twice (the form retries once by itself).
  'challenge-missing': {
    status: 400,
    message: 'Die Sicherheitsprüfung gegen Spam fehlt; sie braucht JavaScript. Lade die Seite neu und versuche es noch einmal, oder melde dich an: Angemeldet geht es auch ohne.',
  },
  'challenge-failed': {
    status: 400,
    message: 'Die Sicherheitsprüfung gegen Spam ist fehlgeschlagen. Bitte lade die Seite neu und versuche es noch einmal.',
  },
  unavailable: { status: 503, message: 'Ein Fehler ist aufgetreten. Bitte versuche es später erneut.' },
};

function refuse(reason: keyof typeof REPORT_REFUSALS, answer: ReportAnswer = {}) {
  const { status, message } = REPORT_REFUSALS[reason];
  if (reason === 'already-reported') return data<ReportAnswer>({ done: message }, { status });
  return data<ReportAnswer>({ ...answer, formError: message }, { status });
}

/** The German mail to the site owner: the comment, who wrote it, why it was reported, and where it is. */
export function reportMail(to: string, comment: ReportedComment, reason: string) {
  const url = `${getEnv().publicUrl}${commentOnRecipePath(comment.recipeId, comment.commentId)}`;
  return composeMail({
    to,
    subject: `Gemeldeter Kommentar zu «${comment.recipeTitle}»`,
    name: getEnv().SITE_OWNER,
    intro:
      `Ein Kommentar zum Rezept «${comment.recipeTitle}» wurde gemeldet.\n\n` +
      `Geschrieben von: ${comment.nickname}\n` +
      `Kommentar:\n${comment.comment}\n\n` +
      `Grund der Meldung:\n${reason}`,
    linkLabel: 'Kommentar ansehen',
    url,
    outro: 'Löschen können ihn, wer ihn geschrieben hat, und wer das Rezept geschrieben hat («Kommentar löschen»).',
  });
}

type Input = { userId: string | null; clientIp: string; recipeId: string; commentId: string; form: FormData };

export async function reportAction({ userId, clientIp, recipeId, commentId, form }: Input) {
  const rawReason = form.get('reason');
  const values = { reason: typeof rawReason === 'string' ? rawReason.slice(0, 5000) : '' };
  if (!isUuid(recipeId) || !isUuid(commentId)) return refuse('not-found');
  const parsed = reportSchema.safeParse({ reason: rawReason ?? undefined });
  if (!parsed.success) return data<ReportAnswer>({ errors: firstErrors<ReportField>(parsed.error), values }, { status: 400 });
  try {
    const allowed = await consumeRateLimit(
      userId ? rateLimitKey('comment-report', 'user', userId) : rateLimitKey('comment-report', 'ip', clientIp),
      userId ? getEnv().RATE_LIMIT_REPORTS_PER_USER : getEnv().RATE_LIMIT_REPORTS_PER_IP,
    );
    if (!allowed) return refuse('too-many', { values });
    if (!userId) {
      // Signed out: the proof of work sign-up uses, so a script cannot fill the owner's inbox.
      const antiBot = await redeemAntiBotPayload(form.get('altcha'));
      if (antiBot !== 'ok') {
        log.warn('anti-bot check failed', { result: antiBot, flow: 'comment-report' });
        return refuse(antiBot === 'missing' ? 'challenge-missing' : 'challenge-failed', { values, retryChallenge: antiBot === 'missing' || antiBot === 'expired' });
      }
    }
    const reason = parsed.data.reason;
    const result = await reportComment(userId ? { userId } : { ip: clientIp }, recipeId, commentId, reason);
    if (!result.ok) return refuse(result.reason, { values });
    const env = getEnv();
    log.info('comment reported', { recipeId, commentId, signedIn: userId !== null, mailed: env.siteEmailConfigured });
    if (env.siteEmailConfigured) {
      // In the background: the reader's answer does not wait for the mail server.
      void sendMail(reportMail(env.SITE_EMAIL, result.comment, reason)).catch((error: unknown) =>
        log.error('report mail failed', { commentId, error }),
      );
    }
    return data<ReportAnswer>({ done: REPORT_THANKS });
  } catch (error) {
    log.error('comment report failed', { recipeId, commentId, error });
    return refuse('unavailable', { values });
  }
}
