import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link, useLocation } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';
import { MuiTheme } from '../../theme/mui-theme.tsx';

type Props = { id: string; anchor: HTMLElement | null; onClose: () => void };

/** The phone's category menu; its code is fetched on the first tap (see CategoryNav). */
export function CategoryMenu({ id, anchor, onClose }: Props) {
  const { pathname } = useLocation();
  return (
    <MuiTheme>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {CATEGORIES.map((c) => {
          const active = pathname === `/${c.slug}`;
          return (
            <MenuItem
              key={c.slug}
              component={Link}
              to={`/${c.slug}`}
              onClick={onClose}
              selected={active}
              aria-current={active ? 'page' : undefined}
            >
              {c.label}
            </MenuItem>
          );
        })}
      </Menu>
    </MuiTheme>
  );
}
