import styles from './print-button.module.css';

/**
 * "Drucken": the browser's print dialog, which gives the recipe's print
 * layout (theme/print.css). It needs JavaScript, so it shows only once the
 * page has hydrated; the browser's own print works the same without it.
 */
export function PrintButton() {
  return (
    <button type="button" className={styles.button} onClick={() => window.print()} data-print="hide">
      <svg aria-hidden viewBox="0 0 24 24" className={styles.icon}>
        <path d="M19 8H5c-1.66 0-3 1.34-3 3v6h4v4h12v-4h4v-6c0-1.66-1.34-3-3-3m-3 11H8v-5h8zm3-7c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-1-9H6v4h12z" />
      </svg>
      Drucken
    </button>
  );
}
