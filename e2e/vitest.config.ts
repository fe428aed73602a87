import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser for the whole run: the journeys run one after another.
    fileParallelism: false,
  },
});
