/**
 * The component-test config of the shell and every remote, once: jsdom, React, the shared setup (msw's
 * server, Testing Library's cleanup, a fresh session) from `@btls/shared-auth/test-setup`; the catalogues compiled
 * as a build compiles them.
 */
import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';
import { catalogueDefines, compiledCatalogues } from './catalogues';

export function componentTestConfig(): ViteUserConfig {
  return {
    plugins: [react(), compiledCatalogues()],
    define: catalogueDefines(),
    test: {
      include: ['test/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['@btls/shared-auth/test-setup'],
      // Longer than any wait inside a test (see test-setup: 15 s), so the wait, not the test, says what was missing.
      testTimeout: 60_000,
    },
  };
}
