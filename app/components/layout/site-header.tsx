import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { loginLinkState } from '../../utils/return-after-login.ts';
import { AppLink } from '../app-link.tsx';
import { ButtonLink } from '../button-link.tsx';
import { CategoryNav } from './category-nav.tsx';
import { HeaderSearch } from './header-search.tsx';
import styles from './site-layout.module.css';

/** Logo bar, then a dark bar with the categories, the search and the account control. */
export function SiteHeader({ accountControl }: { accountControl?: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <header data-print="hide">
      <div className={styles.logoBar}>
        <div className={styles.container}>
          <AppLink to="/" aria-label="Chuchiblog – zur Startseite" className={styles.logoLink}>
            <img src="/logo.svg" alt="Chuchiblog – der Kochblog" width={300} height={70} className={styles.logo} />
          </AppLink>
        </div>
      </div>
      <div className={styles.navBar}>
        <div className={styles.navBarInner}>
          <div className={styles.toolbar}>
            <CategoryNav />
            <div className={styles.toolbarEnd}>
              <HeaderSearch />
              {accountControl ?? (
                <ButtonLink to="/login" state={loginLinkState(pathname, search)} variant="outlinedOnDark">
                  Login
                </ButtonLink>
              )}
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
