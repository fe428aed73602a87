import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedDependencies } from '../federation.shared';

// A relative base: the built files work from whatever URL remotes.json points at.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: 'mfe_trainer',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/expose.tsx' },
      shared: sharedDependencies,
      dts: false,
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5177, strictPort: true, origin: 'http://localhost:5177' },
});
