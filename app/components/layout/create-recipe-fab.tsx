import Add from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { Link, useLocation } from 'react-router';

/** The floating "Rezept erfassen" button for signed-in users, on every page but /create. */
export function CreateRecipeFab() {
  const { pathname } = useLocation();
  if (pathname === '/create') return null;
  return (
    <Fab
      component={Link}
      to="/create"
      color="secondary"
      variant="extended"
      data-print="hide"
      sx={{ position: 'fixed', right: { xs: 16, md: 32 }, bottom: { xs: 16, md: 32 }, zIndex: 'speedDial' }}
    >
      <Add sx={{ mr: 1 }} />
      Rezept erfassen
    </Fab>
  );
}
