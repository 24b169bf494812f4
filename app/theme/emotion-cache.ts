import createCache from '@emotion/cache';

// One key on both sides, so the browser reuses the style tags the server
// rendered instead of inserting them a second time.
export function createEmotionCache() {
  return createCache({ key: 'css' });
}
