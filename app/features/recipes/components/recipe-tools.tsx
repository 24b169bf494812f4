import { AppLink, type AppPath } from '../../../components/app-link.tsx';
import styles from './recipe-tools.module.css';

/**
 * Below a recipe's title: "Zum Rezept" jumps past picture and story to the
 * ingredients; "Kochmodus" opens the recipe for the stove; "Drucken" opens the print dialog, which gives the recipe's
 * print layout (theme/print.css). Printing needs JavaScript, so that button
 * shows only once the page has hydrated; the browser's own print works the
 * same without it.
 */
export function RecipeTools({ cookModeHref }: { cookModeHref: AppPath }) {
  return (
    <div className={styles.tools} data-print="hide">
      <a href="#zutaten" className={styles.button}>
        <svg aria-hidden viewBox="0 0 24 24" className={styles.icon}>
          <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z" />
        </svg>
        Zum Rezept
      </a>
      <AppLink to={cookModeHref} className={styles.button}>
        <svg aria-hidden viewBox="0 0 24 24" className={styles.icon}>
          <path d="M8.1 13.34l2.83-2.83L3.91 3.5a4.008 4.008 0 0 0 0 5.66zm6.78-1.81c1.53.71 3.68.21 5.27-1.38 1.91-1.91 2.28-4.65.81-6.12-1.46-1.46-4.2-1.1-6.12.81-1.59 1.59-2.09 3.74-1.38 5.27L3.7 19.87l1.41 1.41L12 14.41l6.88 6.88 1.41-1.41L13.41 13z" />
        </svg>
        Kochmodus
      </AppLink>
      <button type="button" className={`${styles.button} ${styles.print}`} onClick={() => window.print()}>
        <svg aria-hidden viewBox="0 0 24 24" className={styles.icon}>
          <path d="M19 8H5c-1.66 0-3 1.34-3 3v6h4v4h12v-4h4v-6c0-1.66-1.34-3-3-3m-3 11H8v-5h8zm3-7c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-1-9H6v4h12z" />
        </svg>
        Drucken
      </button>
    </div>
  );
}
