import { defineConfig } from 'vitest/config';

// `css`: the components' styles are in the test page, so a test can check what a class does (a badge's colour).
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: { include: [/\.css$/] },
  },
});
