import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Paper } from '../../../components/paper.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { Stack } from '../../../components/stack.tsx';
import { Text } from '../../../components/text.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import styles from './featured-recipe.module.css';
import { RecipeImage } from './recipe-image.tsx';

/** The newest recipe, shown large at the top of the home page. */
export function FeaturedRecipe({ recipe, actions }: { recipe: RecipeSummary; actions?: ReactNode }) {
  const href = `/detail/${recipe.uid}` as const;
  return (
    <Paper component="article" className={styles.card}>
      <AppLink to={href} tabIndex={-1} aria-hidden className={styles.pictureLink}>
        <RecipeImage image={recipe.image} alt="" priority sizes="(min-width: 1300px) 840px, (min-width: 900px) 66vw, 100vw" aspectRatio="16 / 9" />
      </AppLink>
      <Stack spacing={1.5} className={styles.body}>
        <Text variant="overline" className={styles.overline}>
          Neustes Rezept · {recipe.category}
        </Text>
        <Text variant="h2">
          <AppLink to={href} className="title-link">
            {recipe.title}
          </AppLink>
        </Text>
        {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} count={recipe.ratingCount} size="medium" />}
        <Text className={styles.lead}>{recipe.lead}</Text>
        <div className={styles.footer} data-print="hide">
          <ButtonLink to={href} variant="contained" size="large">
            Zum Rezept
          </ButtonLink>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </Stack>
    </Paper>
  );
}
