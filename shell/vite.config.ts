import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedDependencies } from '../federation.shared';

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr src/server.tsx`: one ES module with everything in it (React, the router, our shared
        // packages), which the API imports to render public pages.
        plugins: [react()],
        // React's production build on the server too (the API does not set NODE_ENV).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: { outDir: 'dist/server', emptyOutDir: false, copyPublicDir: false, target: 'node20', rollupOptions: { output: { entryFileNames: 'render.js' } } },
      }
    : {
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
      },
);
