import { defineConfig } from 'vitest/config';

// Projects: unit (fast, no network), integration (real HTTP on 127.0.0.1 against the sandbox),
// ceiling (integration tests that run the client at the real rate limit and assert zero 429s: they
// run alone, after the others, because a saturated CPU bunches request arrivals at the server the
// way real network jitter never would), e2e (the built app through the harness in Chromium).
// `npm test` runs them all and the summary reporter ends with one plain line "N passed, N failed".
const ceiling = ['test/integration/api/paging.test.ts', 'test/integration/cli/**/*.test.ts'];
export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Some unit tests build large copies (10,000 changes in one sync): a few seconds alone, more
          // on a loaded two-core machine. Tests assert results, never durations.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ceiling,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'ceiling',
          include: ceiling,
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
