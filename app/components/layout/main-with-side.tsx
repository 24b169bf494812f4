import type { ReactNode } from 'react';
import styles from './main-with-side.module.css';

/** The recipes of a list page with, when there is one, a side column (`<aside>`) beside them from md up; on paper the recipes alone. */
export function MainWithSide({ children, side }: { children: ReactNode; side?: ReactNode }) {
  return (
    <div className={side ? `${styles.columns} ${styles.withSide}` : styles.columns}>
      <div className={styles.main}>{children}</div>
      {side && (
        <aside className={styles.side} data-print="hide">
          {side}
        </aside>
      )}
    </div>
  );
}
