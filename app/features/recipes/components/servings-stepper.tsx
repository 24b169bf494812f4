import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink, isPlainClick, type AppPath } from '../../../components/app-link.tsx';
import { MAX_SERVINGS, servingsQuery } from '../../../utils/servings-param.ts';
import styles from './servings-stepper.module.css';

type Props = { count: number; recipeCount: number };

/** The address for `count` servings: the bare address for the recipe's own number, so it stays canonical. */
function servingsPath(pathname: string, count: number, recipeCount: number): AppPath {
  const page = pathname as AppPath; // a location's path always starts at the root
  return `${page}${servingsQuery(count === recipeCount ? undefined : count)}`;
}

/**
 * − and + for the number of servings. Plain links (`?portionen=N#zutaten`):
 * without JavaScript they load the page at the ingredients, and a shared or
 * printed link keeps the choice. With JavaScript only the address changes,
 * without the `#zutaten` that would scroll the page away under the reader's
 * finger (the detail page does not reload its data for it); the amounts follow.
 * At 1 and at 99 the step stays a link, marked unavailable, so that the
 * keyboard's focus stays on it.
 */
export function ServingsStepper({ count, recipeCount }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const step = (to: number, label: string, sign: string) => {
    const available = to >= 1 && to <= MAX_SERVINGS;
    const target = servingsPath(pathname, available ? to : count, recipeCount);
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(event, undefined)) return;
      event.preventDefault();
      if (available) void navigate(target, { replace: true, preventScrollReset: true });
    };
    return (
      <AppLink to={`${target}#zutaten`} onClick={follow} aria-disabled={available ? undefined : true} className={styles.step} aria-label={label}>
        {sign}
      </AppLink>
    );
  };
  return (
    <div className={styles.stepper} role="group" aria-label="Portionen umrechnen">
      {step(count - 1, 'Weniger Portionen', '−')}
      <output className={styles.count} aria-live="polite">
        {count}
      </output>
      {step(count + 1, 'Mehr Portionen', '+')}
    </div>
  );
}
