import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { reloadOnNewBuild } from './utils/build-version.ts';

declare global {
  interface Window {
    /** React Router's route list of this tab's build (routeDiscovery "initial"). */
    __reactRouterManifest?: { version?: string };
  }
}

reloadOnNewBuild(window.__reactRouterManifest?.version);

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
