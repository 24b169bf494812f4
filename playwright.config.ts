import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORTS } from './tests/browser/support/browser.ts';

// Journeys through a real browser: Debian's Chromium (a browser download is
// not possible here) against the production build, which each test file
// starts in its own worker (see tests/browser/support/fixtures.ts).
// Playwright's synchronous module hooks cannot load an ESM-only package that a
// CommonJS one requires (express reaches one through get-intrinsic), and the
// workers import the whole server build; its older asynchronous loader can.
process.env.PLAYWRIGHT_FORCE_ASYNC_LOADER = '1';

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/support/build-global-setup.ts',
  // Two cores: two files at a time; the tests of one file run in order.
  workers: 2,
  fullyParallel: false,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A password the site sets (sign-up, a change, a reset) derives a scrypt key of 128 MiB
  // (lib/password-hash.server.ts): 0.6 s alone on a slow 2-core machine, and up to about 10 s while
  // the other file's browser and server run beside it. (Test accounts keep a cheap hash.) A journey
  // through several of them needs the room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // A failed test leaves its trace here: npx playwright show-trace <trace.zip>. The trace keeps every
  // step with its call log, the console and the page's errors, but neither the page's DOM at each
  // step (Playwright records the network only with it) nor a screencast: recorded for every test (and
  // kept only on failure), they cost the lane about a sixth (the DOM) and a tenth (the film) of its
  // CPU. The pages that openPage opened print their requests and addresses when a test fails
  // (support/fixtures.ts). To see the DOM as well, run the failing test again with --trace on.
  outputDir: 'test-results/browser',
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'de-CH',
    viewport: VIEWPORTS.desktop,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
});
