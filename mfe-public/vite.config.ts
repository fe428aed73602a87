import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederation, standalonePageForDevOnly } from '../federation.shared';

// A relative base: the built files work from whatever URL remotes.json points at.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [react(), federation(remoteFederation('public', command)), standalonePageForDevOnly()],
  build: { target: 'es2022' },
  // Standalone development: the API runs apart (npm start, or npm run dev in api/).
  server: { port: 5174, strictPort: true, origin: 'http://localhost:5174', proxy: { '/api': process.env.BTLS_API_URL ?? 'http://localhost:8080' } },
}));
