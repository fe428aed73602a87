import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own server (a fresh data directory, a random port) and browser, so two files run at
    // once (they share no port and no database); a file's journeys run one after another.
    fileParallelism: true,
    maxWorkers: 2,
    // What a journey waits for in the page (a take-over, a filtered list) starts after the first paint and
    // hydrates in slices: on a busy 2-core machine that is seconds, not expect.poll's default one.
    expect: { poll: { timeout: 20_000 } },
  },
});
