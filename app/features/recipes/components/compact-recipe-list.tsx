import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { RatingStars } from '../../../components/rating-stars.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeImage } from './recipe-image.tsx';

/** A side column: heading and a compact list (image, title, rating). */
export function CompactRecipeList({ title, recipes }: { title: string; recipes: RecipeSummary[] }) {
  const headingId = `liste-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={headingId} elevation={0} sx={{ p: 2.5, borderRadius: 3 }}>
      <Typography variant="h4" component="h2" id={headingId} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {recipes.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Hier gibt es bald Rezepte.
        </Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {recipes.map((recipe) => (
            <Box
              component="li"
              key={recipe.uid}
              sx={{ display: 'grid', gridTemplateColumns: '88px 1fr', gap: 1.5, alignItems: 'center' }}
            >
              <Box component={Link} to={`/detail/${recipe.uid}`} tabIndex={-1} aria-hidden sx={{ borderRadius: 2, overflow: 'hidden' }}>
                <RecipeImage image={recipe.image} alt="" sizes="88px" aspectRatio="1 / 1" />
              </Box>
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ lineHeight: 1.3 }}>
                  <Box component={Link} to={`/detail/${recipe.uid}`} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { color: 'secondary.dark' } }}>
                    {recipe.title}
                  </Box>
                </Typography>
                {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} />}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
