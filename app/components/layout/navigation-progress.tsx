import { useNavigation } from 'react-router';
import styles from './navigation-progress.module.css';

/**
 * While the next page loads on a client navigation (e.g. /edit/{id} reading
 * its recipe): a bar at the top at once, and a spinner over the page when it
 * takes longer than a moment (the delay is CSS, so fast pages never flash it).
 * Form submissions show their own progress on their buttons.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading' || navigation.formMethod) return null;
  return (
    <>
      <div role="progressbar" aria-label="Seite wird geladen" className={styles.bar} />
      <div role="status" className={styles.overlay}>
        <div role="progressbar" aria-label="Seite wird geladen" className={styles.spinner} />
      </div>
    </>
  );
}
