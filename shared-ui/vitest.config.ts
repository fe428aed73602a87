import { defineConfig } from 'vitest/config';
import { catalogueDefines, compiledCatalogues } from '../build-config/catalogues';

// `css`: the components' styles are in the test page, so a test can check what a class does (a badge's colour).
export default defineConfig({
  plugins: [compiledCatalogues()],
  define: catalogueDefines(),
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: { include: [/\.css$/] },
  },
});
