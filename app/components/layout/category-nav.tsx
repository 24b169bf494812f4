import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';
import styles from './site-layout.module.css';

/** The five category links: a menu below md (900 px), an inline row from md up. */
export function CategoryNav() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const close = () => setAnchor(null);

  return (
    <nav aria-label="Kategorien" className={styles.nav}>
      <div className={styles.navMenu}>
        <IconButton
          color="inherit"
          aria-label="Navigation öffnen"
          aria-controls={anchor ? 'category-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
        <Menu id="category-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {CATEGORIES.map((c) => {
            const active = pathname === `/${c.slug}`;
            return (
              <MenuItem
                key={c.slug}
                component={Link}
                to={`/${c.slug}`}
                onClick={close}
                selected={active}
                aria-current={active ? 'page' : undefined}
              >
                {c.label}
              </MenuItem>
            );
          })}
        </Menu>
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
