import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// No Emotion cache here: the pages that use MUI bring Emotion with them, and
// its default cache has the key the server renders with (theme/emotion-cache.ts),
// so it takes over the server's style tags instead of inserting them again.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
