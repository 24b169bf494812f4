// /detail/{id}/loeschen: the question of the recipe's delete dialog as a page,
// for the owner's delete icon without JavaScript. It posts the dialog's form
// to /detail/{id}/delete (routes/recipe-delete.ts), which checks again.
import { data } from 'react-router';
import type { Route } from './+types/recipe-delete-page';
import { DeleteConfirmation } from '../components/delete-confirmation.tsx';
import { Text } from '../components/text.tsx';
import { DELETE_QUESTION, deleteRecipePath } from '../features/recipes/recipe-deletion.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';

export function meta() {
  return [...pageMeta('Rezept löschen'), NOINDEX];
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const recipe = await getRecipe(params.recipeId);
  if (!recipe) throw data(null, { status: 404 });
  if (recipe.userId !== user.id) throw data(null, { status: 403 });
  return { recipeId: recipe.uid, title: recipe.title };
}

export default function RecipeDeletePage({ loaderData }: Route.ComponentProps) {
  const { recipeId, title } = loaderData;
  return (
    <DeleteConfirmation
      title="Rezept löschen"
      question={DELETE_QUESTION}
      action={deleteRecipePath(recipeId)}
      fields={{ intent: 'delete', redirectTo: '/' }}
      cancelTo={`/detail/${recipeId}`}
    >
      <Text>«{title}»</Text>
    </DeleteConfirmation>
  );
}
