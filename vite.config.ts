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
// for signed-in readers or a tap (forms, menus, the comment form). So do the
// scripts that one route module alone imports (cook mode, the comments, the
// search form): they went to every page's first load. The CSS modules of such
// parts stay in the one stylesheet: no part shows unstyled until its script loads.
const SHARED_UI = /[\\/]app[\\/](components|utils|features[\\/][^\\/]+[\\/]components)[\\/].*\.(tsx?|module\.css)$/;
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/]/;
const usesMui = (id: string) => readFileSync(id, 'utf8').includes('@mui/');
type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[] };
const onePagesPart = ({ importers }: ModuleInfo) => importers.length === 1 && ROUTE_MODULE.test(importers[0]!);
const siteChunk = (id: string, context: { getModuleInfo: (id: string) => ModuleInfo | null }) => {
  const info = context.getModuleInfo(id);
  return SHARED_UI.test(id) && !usesMui(id) && info && info.dynamicImporters.length === 0 && !onePagesPart(info) ? 'site' : null;
};

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
