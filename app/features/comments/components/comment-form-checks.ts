// The comment form's checks in the browser, the action's own schema on what
// the form would send. Its own module, so that the schema (Zod) is fetched
// only when the form comes near the viewport (see `loadCheck` in use-form.ts).
import { validate } from '../../../components/form/form-answer.ts';
import { commentSchema, ownCommentSchema } from '../comment-schema.ts';

export function checkRated(data: FormData) {
  return validate(commentSchema, Object.fromEntries(data));
}

/** The recipe owner's form: no stars. */
export function checkOwn(data: FormData) {
  return validate(ownCommentSchema, Object.fromEntries(data));
}
