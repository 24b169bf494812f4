// POST /detail/{id}/delete: the owner's delete from the dialog of the detail
// page and the cards (a fetcher). Only an action: a GET goes to the recipe
// itself. Without JavaScript routes/recipe-delete-page.tsx asks and deletes.
import { redirect } from 'react-router';
import type { Route } from './+types/recipe-delete';
import { deleteRecipeAction } from '../features/recipes/recipe-delete-action.server.ts';

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/detail/${encodeURIComponent(params.recipeId)}`);
}

export function action(args: Route.ActionArgs) {
  return deleteRecipeAction(args);
}
