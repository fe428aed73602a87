/**
 * The service worker's code (src/sw.ts with Workbox) as one classic script, dist/sw-code.js. The API
 * serves it at /sw.js with the list of files to keep in front of it (api/src/service-worker.ts).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  // Workbox logs only in development builds.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/sw.ts', formats: ['iife'], name: 'btlsServiceWorker', fileName: () => 'sw-code.js' },
  },
});
