import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryNav } from './category-nav.tsx';

/** Logo bar, then a dark bar with the categories and the account control. */
export function SiteHeader({ accountControl }: { accountControl?: ReactNode }) {
  return (
    <Box component="header">
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 1.5, md: 2 } }}>
          <Link to="/" aria-label="Chuchiblog – zur Startseite" style={{ display: 'inline-block' }}>
            <Box
              component="img"
              src="/logo.svg"
              alt="Chuchiblog – der Kochblog"
              width={300}
              height={70}
              sx={{ display: 'block', width: { xs: 220, sm: 300 }, maxWidth: 300, height: 'auto' }}
            />
          </Link>
        </Container>
      </Box>
      <AppBar component="div" position="sticky" color="primary" elevation={0}>
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ justifyContent: 'space-between', minHeight: { xs: 56 } }}>
            <CategoryNav />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {accountControl ?? (
                <Button component={Link} to="/login" color="inherit" variant="outlined" sx={{ borderColor: 'secondary.main' }}>
                  Login
                </Button>
              )}
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
    </Box>
  );
}
