import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser for the whole run: the journeys run one after another.
    fileParallelism: false,
    // What a journey waits for in the page (a take-over, a filtered list) starts after the first paint and
    // hydrates in slices (issue 26): on a busy 2-core machine that is seconds, not expect.poll's default one.
    expect: { poll: { timeout: 10_000 } },
  },
});
