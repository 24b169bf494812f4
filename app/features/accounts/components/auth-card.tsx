import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the account pages: a centred card with a title and an intro. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper sx={{ mx: 'auto', width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 }, border: 1, borderColor: 'divider' }}>
      <Stack spacing={3}>
        <Stack spacing={1.5}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
            {title}
          </Typography>
          {intro && <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
