import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeCard } from './recipe-card.tsx';

type Props<T extends RecipeSummary> = {
  recipes: T[];
  /** Two columns on large screens when the grid shares the row with a side column. */
  columns?: 2 | 3;
  actionsFor?: (recipe: RecipeSummary) => ReactNode;
  /**
   * A heading for screen readers where the page has none between its h1 and
   * the cards' h3 titles (headings should not skip a level).
   */
  hiddenHeading?: string;
  /** The grid opens the page: its first picture is the largest thing on a phone's first screen. */
  leadsPage?: boolean;
  /** Title and lead as shown on a card (search hits: their matches marked). */
  shownFor?: (recipe: T) => { title: ReactNode; lead: ReactNode };
};

export function RecipeGrid<T extends RecipeSummary>({ recipes, columns = 3, actionsFor, hiddenHeading, leadsPage = false, shownFor }: Props<T>) {
  return (
    <>
      {hiddenHeading && (
        <Typography component="h2" sx={visuallyHidden}>
          {hiddenHeading}
        </Typography>
      )}
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {recipes.map((recipe, index) => (
          <Grid key={recipe.uid} component="li" size={{ xs: 12, sm: 6, lg: 12 / columns }}>
            <RecipeCard recipe={recipe} actions={actionsFor?.(recipe)} priority={leadsPage && index === 0} shown={shownFor?.(recipe)} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
