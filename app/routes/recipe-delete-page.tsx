// /detail/{id}/loeschen: the question of the recipe's delete dialog as a page,
// for the owner's delete icon without JavaScript. It posts the dialog's form
// to itself, with the dialog's action (features/recipes/recipe-delete-action.server.ts),
// and a refusal shows here, as a page, not as the dialog's JSON.
import type { Route } from './+types/recipe-delete-page';
import { DeleteConfirmation } from '../components/delete-confirmation.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { Text } from '../components/text.tsx';
import { deleteRecipeAction } from '../features/recipes/recipe-delete-action.server.ts';
import { DELETE_QUESTION } from '../features/recipes/recipe-deletion.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';
import { refusal } from '../utils/refusal.ts';

export function meta() {
  return [...pageMeta('Rezept löschen'), NOINDEX];
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const recipe = await getRecipe(params.recipeId);
  if (!recipe) throw refusal(404);
  if (recipe.userId !== user.id) throw refusal(403);
  return { recipeId: recipe.uid, title: recipe.title };
}

/** Home afterwards, where the notice says it is done: the page itself is gone with the recipe. */
export function action(args: Route.ActionArgs) {
  return deleteRecipeAction(args, '/');
}

export default function RecipeDeletePage({ loaderData, actionData }: Route.ComponentProps) {
  const { recipeId, title } = loaderData;
  const error = actionData && 'error' in actionData ? actionData.error : undefined;
  return (
    <DeleteConfirmation title="Rezept löschen" question={DELETE_QUESTION} fields={{ intent: 'delete', redirectTo: '/' }} cancelTo={`/detail/${recipeId}`}>
      {error && <ErrorNotice>{error}</ErrorNotice>}
      <Text>«{title}»</Text>
    </DeleteConfirmation>
  );
}
