import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The browser's first load of a public page: a few files instead of dozens.
// Each file is a request before the page can paint (CSS) or run (script), and
// on a slow phone connection the number of requests costs more than their bytes.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
// The site's own UI that the public pages share (cards, layout, the static text,
// stack, paper and icons): one script and one stylesheet. Modules that import MUI,
// and modules loaded on demand (import()), stay in chunks of their own: they are
// for signed-in readers or a tap (forms, menus, the comment form).
const SHARED_UI = /[\\/]app[\\/](components|utils|features[\\/][^\\/]+[\\/]components)[\\/].*\.tsx?$/;
const usesMui = (id: string) => readFileSync(id, 'utf8').includes('@mui/');
const siteChunk = (id: string, context: { getModuleInfo: (id: string) => { dynamicImporters: readonly string[] } | null }) =>
  SHARED_UI.test(id) && !usesMui(id) && !context.getModuleInfo(id)?.dynamicImporters.length ? 'site' : null;

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: siteChunk, debugName: 'site' },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is our own Express app (server/app.ts), which
    // mounts React Router; so db, auth and storage live in one bundle, once.
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  plugins: [reactRouter()],
});
