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
// for signed-in readers or a tap (forms, menus, the comment form). A module that
// one route module alone imports (cook mode, the comments' section, the recipe's
// facts and tools) goes into that route's chunk: in the site script every page's
// first load paid for it. (Only direct imports count: following importers further
// up moved the form kit's parts into small chunks of their own and made the
// signed-in recipe's first load larger, bench/RESULTS.md.) The CSS modules all go
// into the site stylesheet, so that no stylesheet is fetched after hydration.
const SHARED_UI = /[\\/]app[\\/](components|utils|features[\\/][^\\/]+[\\/]components)[\\/].*\.tsx?$/;
const SHARED_CSS = /[\\/]app[\\/](components|features[\\/][^\\/]+[\\/]components)[\\/].*\.module\.css$/;
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/]/;
const usesMui = (id: string) => readFileSync(id, 'utf8').includes('@mui/');
type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[] };
const onePagesPart = ({ importers }: ModuleInfo) => importers.length === 1 && ROUTE_MODULE.test(importers[0]!);

function siteChunk(id: string, context: { getModuleInfo: (id: string) => ModuleInfo | null }) {
  if (SHARED_CSS.test(id)) return 'site';
  const info = context.getModuleInfo(id);
  return SHARED_UI.test(id) && !usesMui(id) && info && info.dynamicImporters.length === 0 && !onePagesPart(info) ? 'site' : null;
}

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
    // The packages of many small files go into that bundle too: Node resolved each of their 2,000
    // files (a package.json read and its exports map parsed per file), which took 2.6 of the
    // 5.6 s a start cost, and a start after a crash is downtime. Packages with native code or
    // files of their own (sharp, PGlite, postgres, the S3 client) stay outside.
    ssr: {
      build: { rollupOptions: { input: './server/app.ts' } },
      resolve: {
        noExternal: [/^@mui\//, /^@emotion\//, 'kysely', /^@?better-auth/, 'better-call', 'zod', 'drizzle-orm', 'jose', 'nodemailer'],
      },
    },
  },
  plugins: [reactRouter()],
});
