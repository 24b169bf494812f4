import { AppLink } from '../app-link.tsx';
import styles from './site-layout.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer} data-print="hide">
      <div className={styles.container}>
        <div className={styles.footerRow}>
          <nav aria-label="Fusszeile" className={styles.footerNav}>
            <AppLink to="/" className={styles.footerLink}>
              Startseite
            </AppLink>
            <AppLink to="/imprint" className={styles.footerLink}>
              Impressum
            </AppLink>
            <AppLink to="/datenschutz" className={styles.footerLink}>
              Datenschutz
            </AppLink>
          </nav>
          <p className={styles.copyright}>© 2024 Chuchiblog</p>
        </div>
      </div>
    </footer>
  );
}
