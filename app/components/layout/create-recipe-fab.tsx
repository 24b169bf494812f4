import { useLocation } from 'react-router';
import { AppLink } from '../app-link.tsx';
import { AddIcon } from '../icons.tsx';
import styles from './create-recipe-fab.module.css';

/**
 * The floating "Rezept erfassen" button for signed-in users, on every page but
 * the forms. It must never hide what it floats over: the footer makes room for
 * it (site-layout.module.css), and on a phone a recipe, read at the stove, goes
 * without it.
 */
export function CreateRecipeFab() {
  const { pathname } = useLocation();
  // Not where a form has the page's attention: creating or editing a recipe, the account
  // settings, the pages that ask before a delete (on /edit it covered fields, and a tap left
  // unsaved changes behind).
  if (pathname === '/create' || pathname.startsWith('/edit/') || pathname.startsWith('/konto') || pathname.endsWith('/loeschen')) return null;
  const onRecipe = pathname.startsWith('/detail/');
  return (
    <AppLink
      to="/create"
      data-print="hide"
      data-floating-button={onRecipe ? 'not-on-phone' : ''}
      className={onRecipe ? `${styles.fab} ${styles.notOnPhone}` : styles.fab}
    >
      <AddIcon className={styles.icon} />
      Rezept erfassen
    </AppLink>
  );
}
