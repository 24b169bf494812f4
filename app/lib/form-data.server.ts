import { data } from 'react-router';
import { BodyTooLargeError, readFormCapped } from './request-body.server.ts';

/** Forms of this site are a few kilobytes; the recipe form has its own, larger cap. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The request's form fields, read with a size cap (a huge body is refused
 * with 413 instead of filling the memory). A body that is not a form yields
 * an empty one: validation then answers 400, never 500.
 */
export async function readFormData(request: Request, limit = FORM_BODY_LIMIT): Promise<FormData> {
  try {
    return await readFormCapped(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw data('Die Anfrage ist zu gross.', { status: 413 });
    return new FormData();
  }
}
