import { useLocation } from 'react-router';
import { AppLink } from '../app-link.tsx';
import { AddIcon } from '../icons.tsx';
import styles from './create-recipe-fab.module.css';

/**
 * The floating "Rezept erfassen" button for signed-in users, on every page but /create (the
 * spec's layout). It must never hide what it floats over: the footer makes room for it
 * (site-layout.module.css), and a focused control scrolls clear of it (the stylesheet's
 * scroll padding). The recipe form asks before it leads away from unsaved changes, as it does for
 * every link; a recipe read at the stove has its cook mode, which takes the whole screen.
 */
export function CreateRecipeFab() {
  const { pathname } = useLocation();
  if (pathname === '/create') return null;
  return (
    <AppLink to="/create" data-print="hide" data-floating-button="" className={styles.fab}>
      <AddIcon className={styles.icon} />
      Rezept erfassen
    </AppLink>
  );
}
