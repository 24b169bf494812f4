import createCache from '@emotion/cache';

// The key of Emotion's default cache in the browser (entry.client uses that one),
// so the browser takes over the style tags the server rendered.
export function createEmotionCache() {
  return createCache({ key: 'css' });
}
