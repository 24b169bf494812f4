import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { data, Link } from 'react-router';
import type { Route } from './+types/verify-email';
import { verifyEmail } from '../features/accounts/account-actions.server.ts';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
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
        <Button component={Link} to="/" variant="contained">
          Zur Startseite
        </Button>
      </Stack>
    </AuthCard>
  );
}
