import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';
import { lazyComponent } from '../lazy-component.tsx';
import styles from './site-layout.module.css';

// MUI's Menu (with its Modal and Popover) is fetched on the first tap, not on every page load.
const CategoryMenu = lazyComponent(() => import('./category-menu.tsx').then((module) => module.CategoryMenu));

/** The five category links: a menu below md (900 px), an inline row from md up. */
export function CategoryNav() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first tap on, so that closing animates and gives focus back to the button.
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <nav aria-label="Kategorien" className={styles.nav}>
      <div className={styles.navMenu}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Navigation öffnen"
          aria-controls={anchor ? 'category-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setMenuWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <MenuIcon />
        </button>
        {menuWanted && <CategoryMenu id="category-menu" anchor={anchor} onClose={() => setAnchor(null)} />}
      </div>
      <div className={styles.navLinks}>
        {CATEGORIES.map((c) => (
          <NavLink key={c.slug} to={`/${c.slug}`} className={styles.navLink}>
            {c.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
