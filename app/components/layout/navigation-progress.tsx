import { useNavigation } from 'react-router';
import styles from './navigation-progress.module.css';

/**
 * While the next page loads on a client navigation (e.g. /edit/{id} reading
 * its recipe): a bar at the top at once, and a spinner over the page when it
 * takes longer than a moment (the delay is CSS, so fast pages never flash it).
 * So does a search (a GET form); other form submissions show their own
 * progress on their buttons.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const submitted = navigation.formMethod !== undefined && navigation.formMethod !== 'GET';
  if (navigation.state !== 'loading' || submitted) return null;
  return (
    <>
      <div role="progressbar" aria-label="Seite wird geladen" className={styles.bar} />
      <div role="status" className={styles.overlay}>
        <div role="progressbar" aria-label="Seite wird geladen" className={styles.spinner} />
      </div>
    </>
  );
}
