import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { NavigationProgress } from './navigation-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function SiteLayout({ children, accountControl }: { children: ReactNode; accountControl?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader accountControl={accountControl} />
      <Container component="main" id="inhalt" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 5 }, position: 'relative' }}>
        <NavigationProgress />
        {children}
      </Container>
      <SiteFooter />
    </Box>
  );
}
