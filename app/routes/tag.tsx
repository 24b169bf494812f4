import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { data, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/tag';
import type { loader as rootLoader } from '../root.tsx';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { listRecipesByTag } from '../features/recipes/recipe-queries.server.ts';
import { isTag } from '../utils/catalog.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData ? `Rezepte mit «${loaderData.tag}»` : 'Stichwort');
}

export async function loader({ params }: Route.LoaderArgs) {
  const tag = params.tag;
  // An unknown tag is a real 404 (no soft 404s), with the same friendly text.
  if (!isTag(tag)) return data({ tag, recipes: [] }, { status: 404 });
  return { tag, recipes: await listRecipesByTag(tag) };
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, recipes } = loaderData;
  const actionsFor = ownerActionsFor(useRouteLoaderData<typeof rootLoader>('root')?.user?.id);
  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
          Stichwort
        </Typography>
        <Typography variant="h1">
          <Chip label={tag} component="span" sx={{ fontSize: 'inherit', height: 'auto', py: 0.5, px: 1, fontFamily: 'inherit', fontWeight: 'inherit', bgcolor: 'secondary.light' }} />
        </Typography>
      </Stack>
      {recipes.length === 0 ? (
        <Paper elevation={0} sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
          <Typography variant="h5" component="p">
            Es wurden keine Blogs mit diesem Tag gefunden
          </Typography>
        </Paper>
      ) : (
        <RecipeGrid leadsPage recipes={recipes} actionsFor={actionsFor} hiddenHeading={`Rezepte mit «${tag}»`} />
      )}
    </Stack>
  );
}
