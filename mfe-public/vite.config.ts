import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientManifest, remoteFederation, remoteServerBuild, standalonePageForDevOnly } from '../federation.shared';

// A relative base: the built files work from whatever URL remotes.json points at. `vite build --ssr` makes the
// server build of the same pages (dist/server/render.cjs), which the API renders public pages with.
export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? {
        base: './',
        plugins: [react()],
        ...remoteServerBuild(),
        // No DOM on the server: the second sanitising pass of job HTML uses sanitize-html there.
        resolve: { alias: { dompurify: new URL('./src/ssr/dompurify-on-server.ts', import.meta.url).pathname } },
      }
    : {
        base: './',
        plugins: [react(), federation(remoteFederation('public', command)), standalonePageForDevOnly()],
        build: { target: 'es2022', manifest: clientManifest },
        // Standalone development: the API runs apart (npm start, or npm run dev in api/).
        server: { port: 5174, strictPort: true, origin: 'http://localhost:5174', proxy: { '/api': process.env.BTLS_API_URL ?? 'http://localhost:8080' } },
      },
);
