import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link } from 'react-router';

const SCREENS = {
  404: {
    overline: 'Fehler 404',
    title: 'Seite nicht gefunden',
    text: 'Diese Seite gibt es leider nicht (mehr). Vielleicht findest du auf der Startseite, was du suchst.',
  },
  403: {
    overline: 'Fehler 403',
    title: 'Kein Zugriff',
    text: 'Diese Seite ist nur für die Person gedacht, die das Rezept erfasst hat. Du kannst nur deine eigenen Rezepte bearbeiten oder löschen.',
  },
  500: {
    overline: 'Fehler 500',
    title: 'Unexpected Application Error!',
    text: 'Da ist leider etwas schiefgelaufen. Bitte versuche es in einem Moment noch einmal.',
  },
} as const;

/** 404 → "Seite nicht gefunden"; 403 → "Kein Zugriff"; everything else → the spec's fallback screen. */
export function ErrorScreen({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) && (error.status === 404 || error.status === 403) ? error.status : 500;
  const screen = SCREENS[status];
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: { xs: 4, md: 8 }, maxWidth: 640 }}>
      <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
        {screen.overline}
      </Typography>
      <Typography variant="h1">{screen.title}</Typography>
      <Typography>{screen.text}</Typography>
      <Button component={Link} to="/" variant="contained">
        Zur Startseite
      </Button>
    </Stack>
  );
}
