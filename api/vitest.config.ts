import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    // (A 2-core machine running the other packages' tests beside these takes seconds where a quiet one takes ms.)
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
