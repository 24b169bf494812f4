import type { ReactNode } from 'react';
import styles from './error-notice.module.css';

/** Material's "ErrorOutline" icon, inline: the notice needs no icon component. */
const ERROR_ICON_PATH =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

/**
 * A failure told on a public page (comments that could not be loaded or
 * deleted): looks like MUI's error Alert, without its script, which every
 * anonymous reader of a recipe would otherwise download.
 */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={styles.notice}>
      <span className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={ERROR_ICON_PATH} />
        </svg>
      </span>
      <div className={styles.message}>{children}</div>
    </div>
  );
}
