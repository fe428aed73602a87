import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedDependencies } from '../federation.shared';

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      // No remote is known at build time: /remotes.json names them at run time (src/remotes.ts).
      remotes: {},
      shared: sharedDependencies,
      dts: false,
      // One federation runtime in the page: the remotes use this one (their builds set externalRuntime).
      experiments: { provideExternalRuntime: true },
      // Plain remoteEntry.js remotes: no manifests, preloading or devtools snapshots to support.
      disableSnapshot: true,
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
