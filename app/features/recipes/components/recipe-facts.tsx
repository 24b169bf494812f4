import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { categorySlug, type Category } from '../../../utils/catalog.ts';
import { formatLongDate } from '../../../utils/format.ts';
import type { RecipeDetail } from '../recipe-types.ts';
import styles from './recipe-facts.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  );
}

/** Duration, category, level, author and date as a definition list (static CSS: it renders on every recipe). */
export function RecipeFacts({ recipe }: { recipe: RecipeDetail }) {
  return (
    <dl className={styles.facts}>
      <Fact label="Auf dem Tisch in:">{recipe.duration} Min.</Fact>
      <Fact label="Kategorie:">
        <AppLink className={styles.link} to={`/${categorySlug(recipe.category as Category)}`}>
          {recipe.category}
        </AppLink>
      </Fact>
      <Fact label="Schwierigkeitsgrad:">{recipe.level}</Fact>
      <Fact label="Rezept von:">
        {recipe.author}
        <span data-print="hide">
          {' · '}
          {/* The mailto address comes from a redirect, never from the page: see routes/recipe-contact.ts. */}
          <a className={styles.link} href={`/detail/${recipe.uid}/kontakt`} rel="nofollow">
            Autor kontaktieren
          </a>
        </span>
      </Fact>
      <Fact label="Erfasst am:">{formatLongDate(recipe.createdAt)}</Fact>
    </dl>
  );
}
