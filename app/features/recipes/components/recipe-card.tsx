import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingStars } from '../../../components/rating-stars.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeImage } from './recipe-image.tsx';

type Props = { recipe: RecipeSummary; actions?: ReactNode };

export function RecipeCard({ recipe, actions }: Props) {
  const href = `/detail/${recipe.uid}`;
  return (
    <Card
      component="article"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        transition: 'box-shadow .2s, transform .2s',
        '&:hover': { boxShadow: 6, transform: 'translateY(-2px)' },
      }}
    >
      <Box component={Link} to={href} tabIndex={-1} aria-hidden sx={{ display: 'block', position: 'relative' }}>
        <RecipeImage image={recipe.image} alt="" sizes="(min-width: 1300px) 400px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw" />
        <Chip
          label={recipe.category}
          size="small"
          sx={{ position: 'absolute', top: 12, left: 12, bgcolor: 'rgba(29,27,25,.82)', color: '#fff', fontFamily: 'Montserrat, sans-serif' }}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h5" component="h3">
          <Box component={Link} to={href} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { color: 'secondary.dark' } }}>
            {recipe.title}
          </Box>
        </Typography>
        {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} count={recipe.ratingCount} />}
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {recipe.lead}
        </Typography>
        {actions && <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>{actions}</Box>}
      </CardContent>
    </Card>
  );
}
