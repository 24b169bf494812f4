import Add from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import GlobalStyles from '@mui/material/GlobalStyles';
import { Link, useLocation } from 'react-router';
import { MuiTheme } from '../../theme/mui-theme.tsx';

/**
 * The floating "Rezept erfassen" button for signed-in users, on every page but
 * /create. It must never hide what it floats over: on a phone the page gets
 * room below its end, and a recipe, read at the stove, goes without it.
 */
export function CreateRecipeFab() {
  const { pathname } = useLocation();
  // Not where a form has the page's attention: creating a recipe, the account settings.
  if (pathname === '/create' || pathname.startsWith('/konto')) return null;
  const onRecipe = pathname.startsWith('/detail/');
  return (
    <MuiTheme>
      <>
        {/* Room below the footer on a phone, so that the end of every page can scroll clear of the button. */}
        {!onRecipe && <GlobalStyles styles={{ '@media (max-width: 899.95px)': { body: { paddingBottom: 88 } } }} />}
        <Fab
          component={Link}
          to="/create"
          color="secondary"
          variant="extended"
          data-print="hide"
          sx={{
            display: { xs: onRecipe ? 'none' : 'inline-flex', md: 'inline-flex' },
            position: 'fixed',
            right: { xs: 16, md: 32 },
            bottom: { xs: 16, md: 32 },
            zIndex: 'speedDial',
          }}
        >
          <Add sx={{ mr: 1 }} />
          Rezept erfassen
        </Fab>
      </>
    </MuiTheme>
  );
}
