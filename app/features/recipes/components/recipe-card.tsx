import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import styles from './recipe-card.module.css';
import { RecipeImage } from './recipe-image.tsx';

type Props = {
  recipe: RecipeSummary;
  actions?: ReactNode;
  priority?: boolean;
  /** Title and lead as shown, where they differ from the text (search hits with their matches marked). */
  shown?: { title: ReactNode; lead: ReactNode };
  /** The category's badge on the picture; not on the category's own page, where every card would repeat it. */
  showCategory?: boolean;
};

export function RecipeCard({ recipe, actions, priority = false, shown, showCategory = true }: Props) {
  const href = `/detail/${recipe.uid}` as const;
  return (
    <article className={styles.card}>
      <AppLink to={href} tabIndex={-1} aria-hidden className={styles.imageLink}>
        <RecipeImage image={recipe.image} alt="" priority={priority} sizes="(min-width: 1300px) 400px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw" />
        {showCategory && <span className={styles.category}>{recipe.category}</span>}
      </AppLink>
      <div className={styles.content}>
        <h3 className={styles.title}>
          <AppLink to={href} className="title-link">
            {shown?.title ?? recipe.title}
          </AppLink>
        </h3>
        {recipe.ratingCount > 0 && <RatingStars value={recipe.avgRating} count={recipe.ratingCount} />}
        <p className={styles.lead}>{shown?.lead ?? recipe.lead}</p>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}
