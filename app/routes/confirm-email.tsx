// /konto/email-bestaetigen?token=…: the link from the mail to the new
// address. Opening it moves the account there (once); no sign-in needed, the
// link is the proof. The old address is told by mail.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { data } from 'react-router';
import type { Route } from './+types/confirm-email';
import { ButtonLink } from '../components/button-link.tsx';
import { confirmEmailChange, SETTINGS_MESSAGES } from '../features/accounts/account-settings.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('E-Mail-Adresse bestätigen'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const outcome = await confirmEmailChange(url.searchParams.get('token'));
  if (outcome === 'changed') return { ok: true, message: 'Deine neue E-Mail-Adresse ist bestätigt. Ab jetzt meldest du dich mit ihr an.' };
  // A refusal says so in its status too, as /verify-email's: an invalid link (400), an address taken meanwhile (409).
  return outcome === 'email-taken'
    ? data({ ok: false, message: SETTINGS_MESSAGES.emailTaken }, { status: 409 })
    : data({ ok: false, message: SETTINGS_MESSAGES.emailLinkInvalid }, { status: 400 });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, alignItems: 'flex-start' }}>
      <Typography variant="h1">E-Mail-Adresse</Typography>
      <Alert severity={loaderData.ok ? 'success' : 'error'} role={loaderData.ok ? 'status' : 'alert'}>
        {loaderData.message}
      </Alert>
      <ButtonLink href="/konto" variant="contained">
        Zum Konto
      </ButtonLink>
    </Stack>
  );
}
