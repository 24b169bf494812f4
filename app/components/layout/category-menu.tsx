import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link, useLocation, useMatches } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';
import { MuiTheme } from '../../theme/mui-theme.tsx';
import { categoryLinkCurrent, navCategoryOf } from './nav-category.ts';

type Props = { id: string; anchor: HTMLElement | null; onClose: () => void };

/** The phone's category menu; its code is fetched on the first tap (see CategoryNav). */
export function CategoryMenu({ id, anchor, onClose }: Props) {
  const { pathname } = useLocation();
  const navCategory = navCategoryOf(useMatches());
  return (
    <MuiTheme>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {CATEGORIES.map((c) => {
          const current = categoryLinkCurrent(c.slug, pathname, navCategory);
          return (
            <MenuItem
              key={c.slug}
              component={Link}
              to={`/${c.slug}`}
              onClick={onClose}
              selected={current !== undefined}
              aria-current={current}
            >
              {c.label}
            </MenuItem>
          );
        })}
      </Menu>
    </MuiTheme>
  );
}
