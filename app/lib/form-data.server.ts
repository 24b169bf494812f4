import { BodyTooLargeError, MalformedBodyError, readFormCapped } from './request-body.server.ts';
import { refusal } from '../utils/refusal.ts';

/** Forms of this site are a few kilobytes; the recipe form has its own, larger cap. */
export const FORM_BODY_LIMIT = 64 * 1024;

export const MALFORMED_BODY_MESSAGE = 'Die Anfrage enthält ungültige Zeichen. Bitte sende das Formular noch einmal über die Seite.';
export const REPEATED_FIELD_MESSAGE = 'Die Anfrage enthält ein Feld mehrfach. Bitte sende das Formular noch einmal über die Seite.';
/** A form's `intent` names nothing it does (a hand-made request, or a button of another form). */
export const UNKNOWN_INTENT_MESSAGE = 'Diese Anfrage können wir so nicht verarbeiten. Bitte sende das Formular noch einmal über die Seite.';

/**
 * Whether a field that holds one value came more than once. Which of two
 * ratings would count is a guess; a form of ours never sends two, so such a
 * request is refused instead. `lists` names the fields that are lists.
 */
export function hasRepeatedField(form: FormData, lists: readonly string[] = []) {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (lists.includes(name)) continue;
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}

/**
 * The request's form fields, read with a size cap (a huge body is refused
 * with 413 instead of filling the memory), as UTF-8 and each field at most once (400).
 * A body that is not a form yields an empty one: validation then answers
 * 400, never 500.
 */
export async function readFormData(request: Request, limit = FORM_BODY_LIMIT): Promise<FormData> {
  let form: FormData;
  try {
    form = await readFormCapped(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw refusal(413, 'Die Anfrage ist zu gross.');
    if (error instanceof MalformedBodyError) throw refusal(400, MALFORMED_BODY_MESSAGE);
    return new FormData();
  }
  if (hasRepeatedField(form)) throw refusal(400, REPEATED_FIELD_MESSAGE);
  return form;
}
