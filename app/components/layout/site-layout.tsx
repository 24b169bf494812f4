import type { ReactNode } from 'react';
import { NavigationProgress } from './navigation-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { SiteNotice, type Notice } from './site-notice.tsx';
import styles from './site-layout.module.css';

type Props = { children: ReactNode; accountControl?: ReactNode; notice?: Notice | null };

export function SiteLayout({ children, accountControl, notice = null }: Props) {
  return (
    <div className={styles.page}>
      {/* The first stop of the Tab key: past the header's dozen links straight to the page's content. */}
      <a href="#inhalt" className={styles.skipLink}>
        Zum Inhalt springen
      </a>
      <SiteHeader accountControl={accountControl} />
      <main id="inhalt" className={`${styles.container} ${styles.main}`}>
        <NavigationProgress />
        <SiteNotice notice={notice} />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
