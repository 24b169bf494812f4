import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { categorySlug, type Category } from '../../../utils/catalog.ts';
import { formatLongDate } from '../../../utils/format.ts';
import type { RecipeDetail } from '../recipe-types.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ fontFamily: 'var(--font-sans)', fontWeight: 600, fontSize: '0.95rem' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Duration, category, level, author and date as a definition list. */
export function RecipeFacts({ recipe }: { recipe: RecipeDetail }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, alignItems: 'baseline' }}>
      <Fact label="Auf dem Tisch in:">{recipe.duration} Min.</Fact>
      <Fact label="Kategorie:">
        <Link component={RouterLink} to={`/${categorySlug(recipe.category as Category)}`}>
          {recipe.category}
        </Link>
      </Fact>
      <Fact label="Schwierigkeitsgrad:">{recipe.level}</Fact>
      <Fact label="Rezept von:">
        {recipe.author}
        <span data-print="hide">
          {' · '}
          {/* The mailto address comes from a redirect, never from the page: see routes/recipe-contact.ts. */}
          <Link href={`/detail/${recipe.uid}/kontakt`} rel="nofollow">
            Autor kontaktieren
          </Link>
        </span>
      </Fact>
      <Fact label="Erfasst am:">{formatLongDate(recipe.createdAt)}</Fact>
    </Box>
  );
}
