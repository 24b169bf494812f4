import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // The route list is a build file (`/assets/manifest-….js`, kept by browsers for a year), not
  // asked of the server after every page: by default ("lazy") each page a reader opens then
  // fetches `/__manifest?paths=…` for its links, a request through React Router that no cache
  // keeps, and it cost thirty times the page itself (docs/decisions/010-route-list-at-build.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
