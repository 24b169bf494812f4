import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function SiteFooter() {
  return (
    // Extra room below on phones, where the floating "Rezept erfassen" button sits.
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mt: 8, pt: 4, pb: { xs: 11, md: 4 } }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={3} component="nav" aria-label="Fusszeile">
            <Link component={RouterLink} to="/" underline="hover">
              Startseite
            </Link>
            <Link component={RouterLink} to="/imprint" underline="hover">
              Impressum
            </Link>
          </Stack>
          <Typography variant="body2" sx={{ color: 'grey.400' }}>
            © 2024 Chuchiblog
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
