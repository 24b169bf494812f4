import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Three lanes: integration tests on in-memory PGlite, those of them that open
// a database again on a real PostgreSQL server, and end-to-end tests against
// the production build over HTTP (the browser journeys are Playwright's). Run
// together (`vitest run` without --project), they run one after the other, in
// that order: their worker counts differ. Each test file runs in a thread of its
// own (a new V8 isolate, its own process.env) rather than Vitest's default child
// process: the same tests took 95 instead of 130 s (integration), 42 instead of
// 48 s (postgres) and 285 instead of 317 s (e2e). Tests that need a process of
// their own (signals, a crash) start the real server.js as a child.

/** The integration tests: all of them on PGlite, those that open a database on PostgreSQL as well. */
const integrationTests = {
  include: ['tests/integration/**/*.test.ts'],
  setupFiles: ['tests/support/setup-test-env.ts'],
  pool: 'threads',
  // Vitest's default leaves one core idle (cores − 1); each file has its own database.
  maxWorkers: '100%',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The postgres lane's files: those that open their database through tests/support/test-db.ts, the
 * only way to the lane's server. The others (pictures, schemas, the render line, a migration on
 * PGlite, …) would run the very same code a second time.
 */
const databaseTests = globSync('tests/integration/**/*.test.ts').filter((file) => /\/support\/test-db\.ts['"]/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    projects: [
      { test: { ...integrationTests, name: 'integration', sequence: { groupOrder: 0 } } },
      {
        test: {
          ...integrationTests,
          include: databaseTests,
          name: 'postgres',
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/support/setup-test-env.ts'],
          pool: 'threads',
          globalSetup: ['tests/support/build-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
          // Each file starts its own app and browser; two cores, two at a time.
          maxWorkers: 2,
          // The server build is plain JavaScript for Node: loaded as it is, not through Vite's transform
          // (which took about 3 s of each file's start).
          server: { deps: { external: [/\/build\/server\//] } },
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
