// The owner's delete of a recipe, as two routes answer it: the dialog's fetcher
// (routes/recipe-delete.ts) and the confirmation page without JavaScript
// (routes/recipe-delete-page.tsx), which shows a refusal on itself rather
// than as the fetcher's JSON.
import { data, redirect } from 'react-router';
import { RECIPE_REFUSALS } from './recipe-form-submit.server.ts';
import { deleteRecipe } from './recipe-mutations.server.ts';
import { requireUser } from '../../lib/auth.server.ts';
import { safeRedirectPath } from '../../utils/safe-redirect.ts';
import { log } from '../../lib/logger.server.ts';
import { carryNotice } from '../../lib/notice.server.ts';
import { readFormData } from '../../lib/form-data.server.ts';

type DeleteArgs = { request: Request; url: URL; params: { recipeId: string } };

/**
 * Deletes the reader's own recipe, then goes to the form's `redirectTo` (else `landing`, else
 * answers `{ deleted: true }`), with the notice "Dein Rezept ist gelöscht."; a refusal answers `{ error }` with its status and deletes nothing.
 */
export async function deleteRecipeAction({ request, url, params }: DeleteArgs, landing = '') {
  const user = await requireUser(request, url);
  // A body that cannot be read, or lacks the intent, deletes nothing.
  const form = await readFormData(request, 4096);
  if (form.get('intent') !== 'delete') {
    return data({ error: 'Diese Anfrage können wir so nicht verarbeiten.' }, { status: 400 });
  }
  try {
    const result = await deleteRecipe(user.id, params.recipeId);
    if (!result.ok) {
      const { status, message } = RECIPE_REFUSALS[result.reason];
      return data({ error: message }, { status });
    }
  } catch (error) {
    log.error('recipe delete failed', { recipeId: params.recipeId, userId: user.id, error });
    return data({ error: 'Das Rezept konnte gerade nicht gelöscht werden. Bitte versuche es noch einmal.' }, { status: 503 });
  }
  log.info('recipe deleted', { recipeId: params.recipeId, userId: user.id });
  const redirectTo = safeRedirectPath(form.get('redirectTo'), landing);
  // From the recipe's own page the reader lands elsewhere, and the next page says why; from a card,
  // the page reloads its data after the fetcher's answer, and says it there.
  const headers = { 'Set-Cookie': await carryNotice('recipe-deleted') };
  return redirectTo ? redirect(redirectTo, { headers }) : data({ deleted: true as const }, { headers });
}
