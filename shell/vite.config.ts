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
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
