// /detail/{id}/delete: the owner's delete. With JavaScript the detail page
// and the cards ask in a dialog and post here; without it their delete icon
// leads to this page, which asks the same and posts the same.
import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/recipe-delete';
import { ButtonLink } from '../components/button-link.tsx';
import { ErrorNotice } from '../components/error-notice.tsx';
import { usePending } from '../components/form/use-form.ts';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { Paper } from '../components/paper.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { DELETE_QUESTION } from '../features/recipes/recipe-deletion.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';
import styles from './recipe-delete.module.css';
import { RECIPE_REFUSALS } from '../features/recipes/recipe-form-submit.server.ts';
import { deleteRecipe } from '../features/recipes/recipe-mutations.server.ts';
import { requireUser, safeRedirectPath } from '../lib/auth.server.ts';
import { log } from '../lib/logger.server.ts';
import { carryNotice } from '../lib/notice.server.ts';
import { readFormData } from '../lib/form-data.server.ts';

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

/** The dialog's question as a page: for the owner's delete icon without JavaScript. */
export default function RecipeDeletePage({ loaderData, actionData }: Route.ComponentProps) {
  const { recipeId, title } = loaderData;
  const pending = usePending();
  const error = actionData && 'error' in actionData ? actionData.error : undefined;
  return (
    <Paper className={styles.card}>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="redirectTo" value="/" />
        <Stack spacing={2}>
          <Text variant="h1" className={styles.title}>
            Rezept löschen
          </Text>
          <Text>«{title}»</Text>
          <Text>{DELETE_QUESTION}</Text>
          {error && <ErrorNotice>{error}</ErrorNotice>}
          <div className={styles.buttons}>
            <ButtonLink to={`/detail/${recipeId}`} variant="outlined">
              Abbrechen
            </ButtonLink>
            <SubmitButton loading={pending}>Löschen</SubmitButton>
          </div>
        </Stack>
      </Form>
    </Paper>
  );
}
