import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Route } from './+types/profile';
import { RecipeGrid } from '../features/recipes/components/recipe-grid.tsx';
import { ownerActionsFor } from '../features/recipes/components/recipe-owner-actions.tsx';
import { PaginationNav } from '../components/pagination-nav.tsx';
import { requireExistingPage, requirePageNumber } from '../features/recipes/list-page.server.ts';
import { listRecipesByUser } from '../features/recipes/recipe-queries.server.ts';
import { requireUser } from '../lib/auth.server.ts';
import { pageMeta } from '../utils/meta.ts';
import { pageLinks, pageTitle } from '../utils/pagination.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return [...pageMeta(pageTitle('Profil', page), 'Deine Rezepte im Chuchiblog.'), { name: 'robots', content: 'noindex' }, ...(loaderData ? pageLinks('/profile', page, loaderData.pageCount) : [])];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const { recipes, page, pageCount } = requireExistingPage(await listRecipesByUser(user.id, requirePageNumber(url)));
  return { userId: user.id, name: user.name, recipes, page, pageCount };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { userId, name, recipes, page, pageCount } = loaderData;
  return (
    <Stack spacing={{ xs: 3, md: 4 }}>
      <Stack spacing={1.5}>
        <Typography variant="h1">Hallo {name}</Typography>
        <Typography>Hier siehst du alle deine bis jetzt verfassten Rezepte:</Typography>
      </Stack>
      {recipes.length > 0 ? (
        <>
          <RecipeGrid leadsPage recipes={recipes} actionsFor={ownerActionsFor(userId)} hiddenHeading="Deine Rezepte" />
          <PaginationNav pathname="/profile" page={page} pageCount={pageCount} />
        </>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography sx={{ color: 'text.secondary' }}>Du hast noch keine Rezepte erfasst.</Typography>
          <Button component={Link} to="/create" variant="contained">
            Erfasse dein erstes Rezept
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
