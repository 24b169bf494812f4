import type { ReactNode } from 'react';
import styles from './submit-button.module.css';

/**
 * A form's main button (MUI's contained, large Button), showing a spinner before its label while
 * the form is sent, as every other form's button does (MUI's `loadingPosition="start"`).
 */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.button} disabled={loading}>
      {loading && (
        <span className={styles.indicator}>
          <svg className={styles.spinner} viewBox="22 22 44 44" role="progressbar" aria-label="Wird gesendet">
            <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
          </svg>
        </span>
      )}
      {children}
    </button>
  );
}
