import { Link } from 'react-router';
import { MAX_SERVINGS, SERVINGS_PARAM } from '../../../utils/servings-param.ts';
import styles from './servings-stepper.module.css';

type Props = { count: number; recipeCount: number };

/** The address for `count` servings: the bare address for the recipe's own number, so it stays canonical. */
function servingsHref(count: number, recipeCount: number) {
  return `${count === recipeCount ? '?' : `?${SERVINGS_PARAM}=${count}`}#zutaten`;
}

/**
 * − and + for the number of servings. Plain links (`?portionen=N`): they work
 * without JavaScript, and a shared or printed link keeps the choice; with
 * JavaScript React Router only changes the URL (the detail page does not
 * reload its data for it) and the amounts follow.
 */
export function ServingsStepper({ count, recipeCount }: Props) {
  return (
    <div className={styles.stepper} role="group" aria-label="Portionen umrechnen">
      {count > 1 ? (
        <Link to={servingsHref(count - 1, recipeCount)} replace preventScrollReset className={styles.step} aria-label="Weniger Portionen">
          −
        </Link>
      ) : (
        <span className={styles.step} aria-hidden>
          −
        </span>
      )}
      <output className={styles.count} aria-live="polite">
        {count}
      </output>
      {count < MAX_SERVINGS ? (
        <Link to={servingsHref(count + 1, recipeCount)} replace preventScrollReset className={styles.step} aria-label="Mehr Portionen">
          +
        </Link>
      ) : (
        <span className={styles.step} aria-hidden>
          +
        </span>
      )}
    </div>
  );
}
