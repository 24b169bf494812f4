import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { id: string; title: string; intro?: ReactNode; children: ReactNode; tone?: 'danger' };

/** One part of the account page: a card with a heading the landmarks name it by. */
export function SettingsSection({ id, title, intro, children, tone }: Props) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, md: 3 }, ...(tone === 'danger' && { border: 1, borderColor: 'error.light' }) }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.75}>
          {/* The page's anchor for the section (/konto#passwort): some room above it when it is scrolled to. */}
          <Typography variant="h3" component="h2" id={id} sx={{ scrollMarginTop: 24, ...(tone === 'danger' && { color: 'error.dark' }) }}>
            {title}
          </Typography>
          {intro && <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
