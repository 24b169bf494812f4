import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { MuiTheme } from '../../../theme/mui-theme.tsx';
import { MESSAGES, type AccountAnswer } from '../account-schemas.ts';

type Props = { id: string; anchor: HTMLElement | null; userName: string; onClose: () => void };

/** The account menu (name, Profil, Konto, Logout): MUI's Menu, loaded when the reader first opens it. */
export function AccountMenu({ id, anchor, userName, onClose }: Props) {
  const logout = useFetcher<AccountAnswer>();

  useEffect(() => {
    // A failed sign-out is logged with its fixed text (docs/product-rules.md); the session stays.
    if (logout.state === 'idle' && logout.data?.formError) console.error(MESSAGES.logoutFailed);
  }, [logout.state, logout.data]);

  function signOut() {
    onClose();
    // The action ends the session on the server and redirects to /.
    void logout.submit(null, { method: 'post', action: '/logout' });
  }

  return (
    <MuiTheme>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 0.8 } }}>
          {userName}
        </MenuItem>
        <MenuItem component={Link} to="/profile" onClick={onClose}>
          Profil
        </MenuItem>
        <MenuItem component={Link} to="/konto" onClick={onClose}>
          Konto
        </MenuItem>
        <MenuItem onClick={signOut}>Logout</MenuItem>
      </Menu>
    </MuiTheme>
  );
}
