// /detail/{id}/loeschen: the question of the recipe's delete dialog as a page,
// for the owner's delete icon without JavaScript. It posts the dialog's form
// to /detail/{id}/delete (routes/recipe-delete.ts), which checks again.
import { data, Form } from 'react-router';
import type { Route } from './+types/recipe-delete-page';
import { ButtonLink } from '../components/button-link.tsx';
import { usePending } from '../components/form/use-form.ts';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { Paper } from '../components/paper.tsx';
import { Stack } from '../components/stack.tsx';
import { Text } from '../components/text.tsx';
import { DELETE_QUESTION, deleteRecipePath } from '../features/recipes/recipe-deletion.ts';
import { getRecipe } from '../features/recipes/recipe-queries.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { NOINDEX } from '../utils/seo.ts';
import styles from './delete-page.module.css';

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

/** The dialog's question as a page: for the owner's delete icon without JavaScript. */
export default function RecipeDeletePage({ loaderData }: Route.ComponentProps) {
  const { recipeId, title } = loaderData;
  const pending = usePending();
  return (
    <Paper className={styles.card}>
      <Form method="post" action={deleteRecipePath(recipeId)}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="redirectTo" value="/" />
        <Stack spacing={2}>
          <Text variant="h1" className={styles.title}>
            Rezept löschen
          </Text>
          <Text>«{title}»</Text>
          <Text>{DELETE_QUESTION}</Text>
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
