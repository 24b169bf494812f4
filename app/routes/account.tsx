import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Route } from './+types/account';
import { ButtonLink } from '../components/button-link.tsx';
import { requireUser } from '../lib/auth.server.ts';
import { pageMeta } from '../utils/meta.ts';

export function meta() {
  return [...pageMeta('Mein Konto'), { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { name: user.name, email: user.email };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { name, email } = loaderData;
  return (
    <Stack spacing={{ xs: 3, md: 4 }} sx={{ maxWidth: 720 }}>
      <Stack spacing={1}>
        <Typography variant="h1">Mein Konto</Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Angemeldet als {name} ({email})
        </Typography>
      </Stack>
      <Paper component="section" aria-labelledby="meine-daten" sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h3" component="h2" id="meine-daten">
            Meine Daten
          </Typography>
          <Typography>
            Lade alles herunter, was der Chuchiblog über dich speichert: dein Konto, deine Rezepte und Kommentare (als JSON),
            jedes Rezept zum Lesen (als Markdown) und deine Bilder – in einer ZIP-Datei.
          </Typography>
          <ButtonLink href="/konto/export" variant="contained">
            Meine Daten herunterladen
          </ButtonLink>
        </Stack>
      </Paper>
    </Stack>
  );
}
