import { useLocation } from 'react-router';
import { AppLink, type AppPath } from '../../../components/app-link.tsx';
import { MAX_SERVINGS, SERVINGS_PARAM } from '../../../utils/servings-param.ts';
import styles from './servings-stepper.module.css';

type Props = { count: number; recipeCount: number };

/** The address for `count` servings: the bare address for the recipe's own number, so it stays canonical. */
function servingsHref(pathname: string, count: number, recipeCount: number): AppPath {
  const page = pathname as AppPath; // a location's path always starts at the root
  return `${page}${count === recipeCount ? '' : `?${SERVINGS_PARAM}=${count}`}#zutaten`;
}

/**
 * − and + for the number of servings. Plain links (`?portionen=N`): they work
 * without JavaScript, and a shared or printed link keeps the choice; with
 * JavaScript React Router only changes the URL (the detail page does not
 * reload its data for it) and the amounts follow.
 */
export function ServingsStepper({ count, recipeCount }: Props) {
  const { pathname } = useLocation();
  return (
    <div className={styles.stepper} role="group" aria-label="Portionen umrechnen">
      {count > 1 ? (
        <AppLink to={servingsHref(pathname, count - 1, recipeCount)} replace preventScrollReset className={styles.step} aria-label="Weniger Portionen">
          −
        </AppLink>
      ) : (
        <span className={styles.step} aria-hidden>
          −
        </span>
      )}
      <output className={styles.count} aria-live="polite">
        {count}
      </output>
      {count < MAX_SERVINGS ? (
        <AppLink to={servingsHref(pathname, count + 1, recipeCount)} replace preventScrollReset className={styles.step} aria-label="Mehr Portionen">
          +
        </AppLink>
      ) : (
        <span className={styles.step} aria-hidden>
          +
        </span>
      )}
    </div>
  );
}
