import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CATEGORIES } from '../../utils/catalog.ts';

/** The five category links: a menu below md (900 px), an inline row from md up. */
export function CategoryNav() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const close = () => setAnchor(null);

  return (
    <Box component="nav" aria-label="Kategorien" sx={{ display: 'flex', alignItems: 'center' }}>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
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
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
        {CATEGORIES.map((c) => (
          <Button
            key={c.slug}
            component={NavLink}
            to={`/${c.slug}`}
            color="inherit"
            sx={{
              px: 2,
              borderRadius: 0,
              borderBottom: '3px solid transparent',
              fontSize: '1rem',
              '&.active': { borderBottomColor: 'secondary.main', color: 'secondary.light' },
            }}
          >
            {c.label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
