import { defineConfig } from 'vitest/config';

// Three lanes: integration tests on in-memory PGlite, the same tests on a
// real PostgreSQL server, and end-to-end journeys through Chromium against
// the production build. Run together (`vitest run` without --project), they
// run one after the other, in that order: their worker counts differ.

/** The integration tests, the same files in both database lanes. */
const integrationTests = {
  include: ['tests/integration/**/*.test.ts'],
  setupFiles: ['tests/support/setup-test-env.ts'],
  // Vitest's default leaves one core idle (cores − 1); each file has its own database.
  maxWorkers: '100%',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...integrationTests, name: 'integration', sequence: { groupOrder: 0 } } },
      {
        test: {
          ...integrationTests,
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
          globalSetup: ['tests/support/build-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
          // Each file starts its own app and browser; two cores, two at a time.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
