import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { data, Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { verifyEmail } from '../features/accounts/account-actions.server.ts';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
import { SETTINGS_SECTIONS } from '../features/accounts/settings-sections.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('E-Mail-Adresse bestätigen', 'Bestätige deine E-Mail-Adresse für das Chuchiblog.'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const result = await verifyEmail(new URL(request.url).searchParams.get('token'));
  // An expired or forged link is a refused request, with the page's German explanation.
  return data({ result }, { status: result === 'verified' ? 200 : 400 });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const verified = loaderData.result === 'verified';
  return (
    <AuthCard title="E-Mail-Adresse bestätigen">
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity={verified ? 'success' : 'error'} role={verified ? 'status' : 'alert'}>
          {verified
            ? 'Deine E-Mail-Adresse wurde bestätigt.'
            : 'Dieser Bestätigungslink ist ungültig oder abgelaufen.'}
        </Alert>
        {!verified && <Typography>Ist der Link abgelaufen? Auf deinem Konto kannst du dir einen neuen schicken lassen.</Typography>}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!verified && (
            <Button component={Link} to={`/konto#${SETTINGS_SECTIONS.email}`} variant="contained">
              Zu meinem Konto
            </Button>
          )}
          <Button component={Link} to="/" variant={verified ? 'contained' : 'outlined'}>
            Zur Startseite
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
