import { redirect } from 'react-router';
import type { Route } from './+types/create';
import { RecipeForm } from '../features/recipes/components/recipe-form.tsx';
import { keepFormOnFailure, SAVE_FAILED } from '../features/recipes/keep-form-on-failure.ts';
import { formAnswer, readRecipeSubmit, refusalAnswer, signedOutAnswer } from '../features/recipes/recipe-form-submit.server.ts';
import { createRecipe } from '../features/recipes/recipe-mutations.server.ts';
import { EMPTY_RECIPE_FORM } from '../features/recipes/recipe-schema.ts';
import { getSessionUser, requireUser } from '../lib/auth.server.ts';
import { log } from '../lib/logger.server.ts';
import { carryNotice } from '../lib/notice.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('Rezept erfassen', 'Erfasse ein neues Rezept im Chuchiblog.'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireUser(request, url);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const submit = await readRecipeSubmit(request);
  if (submit.kind === 'answer') return submit.response;
  // Signed out meanwhile: the form keeps what was typed (a page without JavaScript goes to the login, by the loader).
  if (!user) return signedOutAnswer(submit.values);
  try {
    const result = await createRecipe(user, submit.input);
    if (!result.ok) return refusalAnswer(submit.values, result.reason);
    log.info('recipe created', { recipeId: result.id, userId: user.id });
  } catch (error) {
    log.error('recipe create failed', { userId: user.id, error });
    return formAnswer({ values: submit.values, formError: SAVE_FAILED }, 503);
  }
  return redirect('/', { headers: { 'Set-Cookie': await carryNotice('recipe-created') } });
}

/** In the browser: a failure on the way keeps the form (see keep-form-on-failure.ts). */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormOnFailure(request, serverAction);
}

export default function CreateRecipePage({ actionData }: Route.ComponentProps) {
  return (
    <RecipeForm
      mode="create"
      defaultValues={actionData?.values ?? EMPTY_RECIPE_FORM}
      answer={actionData}
    />
  );
}
