import { defineConfig } from 'vitest/config';

/** The journeys that drive a crowd of browsers: run alone, after the rest, so that neither starves the other. */
const CROWDS = ['test/rollouts.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a journey waits for in the page (a take-over, a filtered list) starts after the first paint and
    // hydrates in slices: on a busy 2-core machine that is seconds, not expect.poll's default one.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['test/**/*.test.ts'],
          exclude: CROWDS,
          // Each file starts its own server (a fresh data directory, a random port) and browser, so two files run
          // at once (they share no port and no database); a file's journeys run one after another.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'crowds', include: CROWDS, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
