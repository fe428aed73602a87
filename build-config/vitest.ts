/**
 * The component-test config of the shell and every remote, once: jsdom, React, the shared setup (msw's
 * server, Testing Library's cleanup, a fresh session) from `@btls/shared-auth/test-setup`.
 */
import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';

export function componentTestConfig(): ViteUserConfig {
  return {
    plugins: [react()],
    test: {
      include: ['test/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['@btls/shared-auth/test-setup'],
      // Longer than any wait inside a test (see test-setup: 15 s), so the wait, not the test, says what was missing.
      testTimeout: 60_000,
    },
  };
}
