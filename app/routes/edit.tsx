import { redirect } from 'react-router';
import type { Route } from './+types/edit';
import { RecipeForm } from '../features/recipes/components/recipe-form.tsx';
import { keepFormOnFailure, SAVE_FAILED } from '../features/recipes/keep-form-on-failure.ts';
import { formAnswer, readRecipeSubmit, refusalAnswer, signedOutAnswer } from '../features/recipes/recipe-form-submit.server.ts';
import { updateRecipe } from '../features/recipes/recipe-mutations.server.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { recipeToFormValues } from '../features/recipes/recipe-schema.ts';
import { getSessionUser, requireUser } from '../lib/auth.server.ts';
import { log } from '../lib/logger.server.ts';
import { carryNotice } from '../lib/notice.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { refusal } from '../utils/refusal.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  return [...pageMeta(loaderData ? `«${loaderData.values.title}» bearbeiten` : 'Rezept bearbeiten', 'Bearbeite dein Rezept im Chuchiblog.'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const recipe = await getRecipe(params.recipeId);
  if (!recipe) throw refusal(404);
  if (recipe.userId !== user.id) throw refusal(403);
  return { recipeId: recipe.uid, values: recipeToFormValues(recipe) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const submit = await readRecipeSubmit(request);
  if (submit.kind === 'answer') return submit.response;
  // Signed out meanwhile: the form keeps what was typed (a page without JavaScript goes to the login, by the loader).
  if (!user) return signedOutAnswer(submit.values);
  try {
    const result = await updateRecipe(user.id, params.recipeId, submit.input);
    if (!result.ok) {
      log.warn('Update failed!', { recipeId: params.recipeId, userId: user.id, reason: result.reason });
      return refusalAnswer(submit.values, result.reason);
    }
  } catch (error) {
    log.error('Update failed!', { recipeId: params.recipeId, userId: user.id, error });
    return formAnswer({ values: submit.values, formError: SAVE_FAILED }, 503);
  }
  log.info('Update success!', { recipeId: params.recipeId, userId: user.id });
  return redirect(`/detail/${params.recipeId}`, { headers: { 'Set-Cookie': await carryNotice('recipe-updated') } });
}

/** In the browser: a failure on the way keeps the form (see keep-form-on-failure.ts). */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormOnFailure(request, serverAction);
}

export default function EditRecipePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecipeForm
      // A different recipe is a different form (its fields start afresh).
      key={loaderData.recipeId}
      mode="edit"
      defaultValues={actionData?.values ?? loaderData.values}
      answer={actionData}
    />
  );
}
