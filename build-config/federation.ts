/**
 * The one shared-dependency config of the shell and every remote (architecture: "so singletons can never
 * drift apart"). One React and one kernel (router, session store, query client, i18n runtime, HTTP
 * connection) in the page.
 */
import { remoteName, type RemoteArea } from './remotes';

/**
 * A singleton and the versions of it that work (real semver ranges, never `requiredVersion: false`).
 * A remote's release manifest records the version it was built against and this range; the API refuses to
 * activate a release whose versions the shell's ranges do not accept, or whose ranges the shell's versions miss.
 */
const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion });

export const sharedDependencies = {
  // Only what a remote's code imports is shared: every shared module costs each container a wrapper
  // and a place in its start-up, downloaded on the first visit. zustand lives inside the session store and
  // Lingui's core inside the i18n runtime, both singletons already, so neither needs a share of its own.
  // react-dom stays: a remote's standalone page makes its own root with it.
  react: singleton('^19.0.0'),
  'react/jsx-runtime': singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-dom/client': singleton('^19.0.0'),
  // Our own: the kernel alone (the session store, the router, the query client, the i18n instance and the
  // HTTP connection). Any version of it: whether an area runs on the shell's is decided by the names its code
  // takes and their types (kernel/surface.json, each release's `kernel.uses`), not by the kernel's major version,
  // which a change of a name the area does not use would bump as well. The contract (`@btls/shared-api`,
  // `@btls/shared-auth`) is not shared: each area bundles the calls, queries and texts it uses.
  '@btls/kernel': singleton('>=1.0.0'),
};

/** The package a shared module id belongs to: `react-dom/client` → `react-dom`, `@btls/shared-api` as is. */
export const packageOf = (id: string) =>
  id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : (id.split('/')[0] ?? id);

/** The package whose version is the API contract a remote is built against (its zod schemas and client). */
export const CONTRACT_PACKAGE = '@btls/shared-api';

/**
 * A remote's federation options: one routes component exposed as './routes'. In a production build the
 * remote uses the shell's federation runtime (the shell provides it) instead of shipping its own copy;
 * standalone development keeps its own, since no shell is there.
 */
export function remoteFederation(area: RemoteArea, command: 'build' | 'serve') {
  return {
    name: remoteName(area),
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/expose.tsx' },
    // Built for the page, a remote brings no copy of a shared module: the shell provides every one, so
    // `import: false` leaves the remote only the small wrappers that read them from the share scope. Standalone
    // development has no shell and keeps its own copies.
    shared:
      command === 'build'
        ? Object.fromEntries(
            Object.entries(sharedDependencies).map(([name, config]) => [name, { ...config, import: false as const }]),
          )
        : sharedDependencies,
    dts: false,
    // A remote consumes no other remote and no manifest: leave that part of the runtime out.
    disableRemote: true,
    disableSnapshot: true,
    ...(command === 'build' ? { experiments: { externalRuntime: true } } : {}),
  };
}

/** A remote's standalone page (for `npm run dev`): its build's entry besides the federation's. */
export const STANDALONE_PAGE = 'index.html';

/**
 * Leaves a remote's standalone page (index.html, for `npm run dev`) out of its production build: built, the
 * page would have no shell to provide React and the other shared modules. The page stays the build's input,
 * since Rolldown splits the remote's chunks better with it (1.5 KiB less on the first load of /).
 */
export function standalonePageForDevOnly() {
  return {
    name: 'btls:standalone-page-for-dev-only',
    apply: 'build' as const,
    enforce: 'post' as const,
    generateBundle(_options: unknown, bundle: Record<string, unknown>) {
      delete bundle['index.html'];
    },
  };
}

/**
 * The modules a remote's server build takes from the server (the shell's server build provides them, as the
 * shell does in the browser): one React, one router, one session store, one query client on the server too.
 */
export const serverSharedModules = [...Object.keys(sharedDependencies), 'react-dom/server', 'react-dom/static'];

/**
 * A remote's server build (`vite build --ssr src/server.ts`): one CommonJS file, `dist/server/render.cjs`,
 * whose `require` of a shared module is answered by the server with the shell's copy. Everything else (our
 * shared-ui, date-fns, …) is bundled in, so the remote's `dist/` is all a server needs to render it.
 */
export function remoteServerBuild() {
  return {
    build: {
      outDir: 'dist/server',
      // The browser build before it emptied dist/ and left its manifest here (see clientManifest).
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'node20',
      rollupOptions: {
        external: (id: string) => serverSharedModules.includes(id),
        output: {
          format: 'cjs' as const,
          exports: 'named' as const,
          entryFileNames: 'render.cjs',
          inlineDynamicImports: true,
        },
      },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true as const },
  };
}

/** Where a remote's browser build leaves its manifest: beside the server build, for the server's preload hints. */
export const clientManifest = 'server/client-manifest.json';
