import { isRouteErrorResponse } from 'react-router';
import { ButtonLink } from './button-link.tsx';
import styles from './error-screen.module.css';
import { Stack } from './stack.tsx';
import { Text } from './text.tsx';

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
  400: {
    overline: 'Fehler',
    title: 'Anfrage abgelehnt',
    text: 'Diese Anfrage können wir so nicht verarbeiten. Bitte versuche es noch einmal über die Seite.',
  },
  500: {
    overline: 'Fehler 500',
    title: 'Unexpected Application Error!',
    text: 'Da ist leider etwas schiefgelaufen. Bitte versuche es in einem Moment noch einmal.',
  },
} as const;

function screenFor(error: unknown) {
  if (!isRouteErrorResponse(error)) return SCREENS[500]; // a thrown exception: render or server failure
  if (error.status === 404) return SCREENS[404];
  if (error.status >= 500) return SCREENS[500];
  const screen = error.status === 403 ? SCREENS[403] : { ...SCREENS[400], overline: `Fehler ${error.status}` };
  // A refusal may say why (a form field sent twice, a robot refused); that German text replaces the general one.
  // React Router's own refusals (`internal`) say it in English, for developers: not shown.
  const ours = !('internal' in error && error.internal === true);
  return ours && typeof error.data === 'string' && error.data ? { ...screen, text: error.data } : screen;
}

/** 404 → "Seite nicht gefunden"; 403 → "Kein Zugriff"; other 4xx → "Anfrage abgelehnt" (with the reason, if given); else the fallback screen (texts: docs/product-rules.md). */
export function ErrorScreen({ error }: { error: unknown }) {
  const screen = screenFor(error);
  return (
    <Stack spacing={2} className={styles.screen}>
      {/* React puts the title into <head>; error pages have no route meta of their own. */}
      <title>{`${screen.title} | Chuchiblog`}</title>
      {/* An error answer is nothing a search engine should keep. */}
      <meta name="robots" content="noindex" />
      <Text variant="overline" className={styles.overline}>
        {screen.overline}
      </Text>
      <Text variant="h1">{screen.title}</Text>
      <Text>{screen.text}</Text>
      <ButtonLink to="/" variant="contained">
        Zur Startseite
      </ButtonLink>
    </Stack>
  );
}
