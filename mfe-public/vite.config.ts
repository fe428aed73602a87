import { remoteViteConfig } from '../build-config/vite';

// `vite build --ssr src/server.ts` makes the server build of the same pages (dist/server/render.cjs), which the
// API renders public pages with. No DOM on the server: the second sanitising pass of job HTML uses
// sanitize-html there.
export default remoteViteConfig('public', {
  serverBuild: {
    resolve: { alias: { dompurify: new URL('./src/ssr/dompurify-on-server.ts', import.meta.url).pathname } },
  },
});
