import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeImage } from './recipe-image.tsx';

/** The newest recipe, shown large at the top of the home page. */
export function FeaturedRecipe({ recipe, actions }: { recipe: RecipeSummary; actions?: ReactNode }) {
  const href = `/detail/${recipe.uid}`;
  return (
    <Card component="article" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box component={Link} to={href} tabIndex={-1} aria-hidden sx={{ display: 'block' }}>
        <RecipeImage image={recipe.image} alt="" priority sizes="(min-width: 1300px) 840px, (min-width: 900px) 66vw, 100vw" aspectRatio="16 / 9" />
      </Box>
      <Stack spacing={1.5} sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
          Neustes Rezept · {recipe.category}
        </Typography>
        <Typography variant="h2" component="h2">
          <Box component={Link} to={href} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { color: 'secondary.dark' } }}>
            {recipe.title}
          </Box>
        </Typography>
        {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} count={recipe.ratingCount} size="medium" />}
        <Typography sx={{ color: 'text.secondary' }}>{recipe.lead}</Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', pt: 1 }}>
          <ButtonLink to={href} variant="contained" size="large">
            Zum Rezept
          </ButtonLink>
          {actions && <Box sx={{ display: 'flex', gap: 0.5 }}>{actions}</Box>}
        </Stack>
      </Stack>
    </Card>
  );
}
