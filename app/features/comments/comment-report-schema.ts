// "Melden": the reason a reader gives when reporting a comment. Shared by the
// report page's browser check and its action. Limits: docs/product-rules.md.
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasVisibleText, isMultiLineText } from '../../utils/plain-text.ts';

export const REPORT_REASON_MAX_LENGTH = 500;

export const reportSchema = z.object({
  reason: z
    .string({ message: 'Bitte schreibe kurz, was mit diesem Kommentar nicht stimmt.' })
    .trim()
    .min(3, 'Bitte schreibe kurz, was mit diesem Kommentar nicht stimmt.')
    .refine(hasVisibleText, 'Bitte schreibe kurz, was mit diesem Kommentar nicht stimmt.')
    .max(REPORT_REASON_MAX_LENGTH, `Der Grund darf höchstens ${REPORT_REASON_MAX_LENGTH} Zeichen lang sein.`)
    .refine(isMultiLineText, CONTROL_CHARACTER_MESSAGE),
});

export type ReportField = keyof z.infer<typeof reportSchema>;
export const REPORT_FIELDS = reportSchema.keyof().options;

/** What the report action answers: the form kit's answer, a thank-you, or the hint to solve a new anti-bot challenge. */
export type ReportAnswer = {
  values?: { reason?: string };
  errors?: Partial<Record<ReportField, string>>;
  formError?: string;
  /** The report is stored (or was already): the German thank-you. */
  done?: string;
  retryChallenge?: boolean;
};
