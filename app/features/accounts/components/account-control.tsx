import AccountCircle from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useId, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { MESSAGES, type AccountAnswer } from '../account-schemas.ts';
import { MuiTheme } from '../../../theme/mui-theme.tsx';

/** The header's account control for a signed-in user: "Erfassen" and the account menu. */
export function AccountControl({ userName }: { userName: string }) {
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const logout = useFetcher<AccountAnswer>();

  useEffect(() => {
    // A failed sign-out is logged with its fixed text (docs/product-rules.md); the session stays.
    if (logout.state === 'idle' && logout.data?.formError) console.error(MESSAGES.logoutFailed);
  }, [logout.state, logout.data]);

  function signOut() {
    setAnchor(null);
    // The action ends the session on the server and redirects to /.
    void logout.submit(null, { method: 'post', action: '/logout' });
  }

  return (
    <MuiTheme>
      <>
        {pathname !== '/create' && (
          <Button component={Link} to="/create" color="inherit">
            Erfassen
          </Button>
        )}
        <Tooltip title="Open">
          <IconButton
            color="inherit"
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? menuId : undefined}
          >
            <AccountCircle />
          </IconButton>
        </Tooltip>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 0.8 } }}>
            {userName}
          </MenuItem>
          <MenuItem component={Link} to="/profile" onClick={() => setAnchor(null)}>
            Profil
          </MenuItem>
          <MenuItem component={Link} to="/konto" onClick={() => setAnchor(null)}>
            Konto
          </MenuItem>
          <MenuItem onClick={signOut}>Logout</MenuItem>
        </Menu>
      </>
    </MuiTheme>
  );
}
