import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeCard } from './recipe-card.tsx';

type Props = {
  recipes: RecipeSummary[];
  /** Two columns on large screens when the grid shares the row with a side column. */
  columns?: 2 | 3;
  actionsFor?: (recipe: RecipeSummary) => ReactNode;
};

export function RecipeGrid({ recipes, columns = 3, actionsFor }: Props) {
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {recipes.map((recipe) => (
        <Grid key={recipe.uid} component="li" size={{ xs: 12, sm: 6, lg: 12 / columns }}>
          <RecipeCard recipe={recipe} actions={actionsFor?.(recipe)} />
        </Grid>
      ))}
    </Grid>
  );
}
