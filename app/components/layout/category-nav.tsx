import { MenuIcon } from '../icons.tsx';
import { useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';
import { AppLink } from '../app-link.tsx';
import { ButtonWithPageFallback } from '../button-with-page-fallback.tsx';
import { lazyComponent } from '../lazy-component.tsx';
import { categoryLinkCurrent, navCategoryOf } from './nav-category.ts';
import styles from './site-layout.module.css';

// MUI's Menu (with its Modal and Popover) is fetched when the button is first pointed at, focused or tapped,
// not on every page load.
const CategoryMenu = lazyComponent(() => import('./category-menu.tsx').then((module) => module.CategoryMenu));

/** The five category links: a menu below md (900 px), an inline row from md up. */
export function CategoryNav() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first tap on, so that closing animates and gives focus back to the button.
  const [menuWanted, setMenuWanted] = useState(false);
  const { pathname, key } = useLocation();
  // The list as without JavaScript, when the menu's code cannot be fetched: open on the page it was asked for.
  const [listOpenOn, setListOpenOn] = useState<string | null>(null);
  const listOpen = listOpenOn === key;
  const navCategory = navCategoryOf(useMatches());

  return (
    <nav aria-label="Kategorien" className={styles.nav}>
      <div className={styles.navMenu}>
        {/* A link to the list below until JavaScript runs (the list opens as the
            page's :target, see site-layout.module.css); then the menu button. */}
        <ButtonWithPageFallback
          href="#kategorien"
          loadFirst={CategoryMenu.preload}
          onLoadFailed={() => setListOpenOn(key)}
          onActivate={(element) => {
            setMenuWanted(true);
            setAnchor(element);
          }}
          className={styles.menuButton}
          aria-label="Navigation öffnen"
          aria-controls={anchor ? 'category-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
        >
          <MenuIcon />
        </ButtonWithPageFallback>
        {menuWanted && <CategoryMenu id="category-menu" anchor={anchor} onClose={() => setAnchor(null)} />}
      </div>
      <div id="kategorien" className={listOpen ? `${styles.navLinks} ${styles.navLinksOpen}` : styles.navLinks}>
        {/* Only in the list opened as the page's target (without JavaScript nothing else closes it) or by class. */}
        <a
          href="#"
          className={styles.navClose}
          onClick={(event) => {
            if (!listOpen) return;
            event.preventDefault();
            setListOpenOn(null);
          }}
        >
          Navigation schliessen
        </a>
        {CATEGORIES.map((c) => {
          return (
            <AppLink key={c.slug} to={`/${c.slug}`} className={styles.navLink} aria-current={categoryLinkCurrent(c.slug, pathname, navCategory)}>
              {c.label}
            </AppLink>
          );
        })}
      </div>
    </nav>
  );
}
