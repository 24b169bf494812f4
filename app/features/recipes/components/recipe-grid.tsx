import type { ReactNode } from 'react';
import { Text } from '../../../components/text.tsx';
import type { RecipeSummary } from '../recipe-types.ts';
import { RecipeCard } from './recipe-card.tsx';
import styles from './recipe-grid.module.css';

type Props<T extends RecipeSummary> = {
  recipes: T[];
  /** 2 when the grid shares the row with a side column: two cards in a row from md (900 px) on, not three. */
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
  /** False on a category's page: its cards do not repeat the category's badge. */
  showCategory?: boolean;
};

/** The recipe cards of a list (static CSS: see recipe-grid.module.css). */
export function RecipeGrid<T extends RecipeSummary>({ recipes, columns = 3, actionsFor, hiddenHeading, leadsPage = false, shownFor, showCategory }: Props<T>) {
  return (
    <>
      {hiddenHeading && (
        <Text component="h2" className="visually-hidden">
          {hiddenHeading}
        </Text>
      )}
      <ul className={columns === 3 ? `${styles.grid} ${styles.threeColumns}` : styles.grid}>
        {recipes.map((recipe, index) => (
          <li key={recipe.uid} className={styles.item}>
            <RecipeCard recipe={recipe} actions={actionsFor?.(recipe)} priority={leadsPage && index === 0} shown={shownFor?.(recipe)} showCategory={showCategory} />
          </li>
        ))}
      </ul>
    </>
  );
}
