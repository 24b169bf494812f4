// What every form in the blog has in common, on both sides: the answer an
// action gives when it does not redirect, and how Zod's findings become one
// German message per field. The rules behind the messages are in
// docs/product-rules.md. Only Zod's core is named here: both its classic API
// and Zod Mini (the comment form's schema) build on it.
import { flattenError } from 'zod/v4/core';
import type * as z from 'zod/v4/core';

/** One message per field that is not right: the first one the schema found. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * What a form action answers when it does not redirect: the values as typed
 * (so the form comes back filled in, also without JavaScript), a message per
 * field and a message for the whole form. `Field` may name more fields than
 * `Values` holds (a password is never sent back).
 */
export type FormAnswer<Values extends object, Field extends string = Extract<keyof Values, string>> = {
  values?: Values;
  errors?: FieldErrors<Field>;
  formError?: string;
};

/** The first message per field of a failed check (issues about the whole input are not a field's). */
export function firstErrors<Field extends string>(error: z.$ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  // flattenError keys the messages by the first path segment, which is a field of the schema.
  for (const [field, messages] of Object.entries(flattenError(error).fieldErrors) as [Field, string[] | undefined][]) {
    if (messages?.[0] !== undefined) errors[field] = messages[0];
  }
  return errors;
}

export type Validation<Output, Field extends string> = { success: true; data: Output } | { success: false; errors: FieldErrors<Field> };

/** A form's schema, in Zod's classic API or in Zod Mini: both parse with this method. */
type FormSchema<Schema extends z.$ZodType> = z.$ZodType<unknown, object> & { safeParse(input: unknown): z.util.SafeParseResult<z.output<Schema>> };

/** Checks input with a form's schema: the clean data, or the first message per field. */
export function validate<Schema extends FormSchema<Schema>>(
  schema: Schema,
  input: unknown,
): Validation<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: firstErrors(result.error) };
}
