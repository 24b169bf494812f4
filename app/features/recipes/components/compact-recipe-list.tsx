import { AppLink, type AppPath } from '../../../components/app-link.tsx';
import { Paper } from '../../../components/paper.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { Text } from '../../../components/text.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import styles from './compact-recipe-list.module.css';
import { RecipeImage } from './recipe-image.tsx';

type Props = {
  title: string;
  /** The newest few (a side column is bounded, see utils/pagination.ts). */
  recipes: RecipeSummary[];
  /** Where the whole list is: the tag page. */
  more?: { href: AppPath; label: string };
};

/** A side column: heading, a compact list (image, title, rating) and a link to the whole list. */
export function CompactRecipeList({ title, recipes, more }: Props) {
  const headingId = `liste-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={headingId} className={styles.panel}>
      <Text variant="h4" component="h2" id={headingId} className={styles.heading}>
        {title}
      </Text>
      {recipes.length === 0 ? (
        <Text variant="body2" className={styles.empty}>
          Hier gibt es bald Rezepte.
        </Text>
      ) : (
        <CompactRecipeItems recipes={recipes} />
      )}
      {more && recipes.length > 0 && (
        <AppLink to={more.href} className={styles.more}>
          {more.label}
          <span aria-hidden> →</span>
        </AppLink>
      )}
    </Paper>
  );
}

/**
 * The compact rows themselves (image, title, rating): in a side column, and under a recipe as its
 * similar ones (`columns={2}`: two side by side from 600 px).
 */
export function CompactRecipeItems({ recipes, columns = 1 }: { recipes: RecipeSummary[]; columns?: 1 | 2 }) {
  return (
    <ul className={columns === 2 ? `${styles.list} ${styles.twoColumns}` : styles.list}>
      {recipes.map((recipe) => (
        <li key={recipe.uid} className={styles.item}>
          <AppLink to={`/detail/${recipe.uid}`} tabIndex={-1} aria-hidden className={styles.thumbnail}>
            <RecipeImage image={recipe.image} alt="" sizes="88px" aspectRatio="1 / 1" />
          </AppLink>
          <div>
            <h3 className={styles.title}>
              <AppLink to={`/detail/${recipe.uid}`} className="title-link">
                {recipe.title}
              </AppLink>
            </h3>
            {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
