import type { ReactNode } from 'react';
import { NavigationProgress } from './navigation-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './site-layout.module.css';

export function SiteLayout({ children, accountControl }: { children: ReactNode; accountControl?: ReactNode }) {
  return (
    <div className={styles.page}>
      {/* The first stop of the Tab key: past the header's dozen links straight to the page's content. */}
      <a href="#inhalt" className={styles.skipLink}>
        Zum Inhalt springen
      </a>
      <SiteHeader accountControl={accountControl} />
      <main id="inhalt" className={`${styles.container} ${styles.main}`}>
        <NavigationProgress />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
