// POST /detail/{id}/delete: the owner's delete (the dialog of the detail page
// and the cards, and without JavaScript routes/recipe-delete-page.tsx). Only
// an action: a GET goes to the recipe itself.
import { data, redirect } from 'react-router';
import type { Route } from './+types/recipe-delete';
import { RECIPE_REFUSALS } from '../features/recipes/recipe-form-submit.server.ts';
import { deleteRecipe } from '../features/recipes/recipe-mutations.server.ts';
import { requireUser, safeRedirectPath } from '../lib/auth.server.ts';
import { log } from '../lib/logger.server.ts';
import { carryNotice } from '../lib/notice.server.ts';
import { readFormData } from '../lib/form-data.server.ts';

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/detail/${encodeURIComponent(params.recipeId)}`);
}

export async function action({ request, url, params }: Route.ActionArgs) {
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
  const redirectTo = safeRedirectPath(form.get('redirectTo'), '');
  // From the recipe's own page the reader lands elsewhere: the next page says why.
  return redirectTo ? redirect(redirectTo, { headers: { 'Set-Cookie': await carryNotice('recipe-deleted') } }) : { deleted: true as const };
}
