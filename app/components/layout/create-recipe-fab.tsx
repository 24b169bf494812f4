import { useLocation } from 'react-router';
import { AppLink } from '../app-link.tsx';
import { AddIcon } from '../icons.tsx';
import styles from './create-recipe-fab.module.css';

/**
 * The floating "Rezept erfassen" button for signed-in users, on every page but
 * /create. It must never hide what it floats over: on a phone the page gets
 * room below its end, and a recipe, read at the stove, goes without it.
 */
export function CreateRecipeFab() {
  const { pathname } = useLocation();
  // Not where a form has the page's attention: creating a recipe, the account settings.
  if (pathname === '/create' || pathname.startsWith('/konto')) return null;
  const onRecipe = pathname.startsWith('/detail/');
  return (
    <AppLink to="/create" data-print="hide" className={onRecipe ? `${styles.fab} ${styles.notOnPhone}` : `${styles.fab} ${styles.roomBelow}`}>
      <AddIcon className={styles.icon} />
      Rezept erfassen
    </AppLink>
  );
}
