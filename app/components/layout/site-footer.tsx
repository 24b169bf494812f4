import { Link } from 'react-router';
import styles from './site-layout.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer} data-print="hide">
      <div className={styles.container}>
        <div className={styles.footerRow}>
          <nav aria-label="Fusszeile" className={styles.footerNav}>
            <Link to="/" className={styles.footerLink}>
              Startseite
            </Link>
            <Link to="/imprint" className={styles.footerLink}>
              Impressum
            </Link>
            <Link to="/datenschutz" className={styles.footerLink}>
              Datenschutz
            </Link>
          </nav>
          <p className={styles.copyright}>© 2024 Chuchiblog</p>
        </div>
      </div>
    </footer>
  );
}
