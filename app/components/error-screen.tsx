import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link } from 'react-router';

/** 404 → "Seite nicht gefunden"; everything else → the spec's fallback screen. */
export function ErrorScreen({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: { xs: 4, md: 8 }, maxWidth: 640 }}>
      <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
        {notFound ? 'Fehler 404' : 'Fehler 500'}
      </Typography>
      <Typography variant="h1">{notFound ? 'Seite nicht gefunden' : 'Unexpected Application Error!'}</Typography>
      <Typography>
        {notFound
          ? 'Diese Seite gibt es leider nicht (mehr). Vielleicht findest du auf der Startseite, was du suchst.'
          : 'Da ist leider etwas schiefgelaufen. Bitte versuche es in einem Moment noch einmal.'}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Zur Startseite
      </Button>
    </Stack>
  );
}
