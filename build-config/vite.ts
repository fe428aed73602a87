/**
 * The Vite configs of the shell and the remotes, made here once (they were copied five times). A
 * remote's `vite.config.ts` is one call: `export default remoteViteConfig('admin')`, imported by its relative
 * path (`../build-config/vite`): Vite loads a config's package imports with Node, which cannot read TypeScript.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { minify, type ConfigEnv, type Plugin, type UserConfig } from 'vite';
import {
  clientManifest,
  remoteFederation,
  remoteServerBuild,
  sharedDependencies,
  STANDALONE_PAGE,
  standalonePageForDevOnly,
} from './federation';
import { kernelNamesKept } from './kernel-names';
import { catalogueDefines, compiledCatalogues } from './catalogues';
import { areaPagesOf } from './area-pages';
import { BUILD_USES, writeReleaseManifest, writeShellShared, type BuildUses } from './release';
import {
  devPortOf,
  REMOTE_AREAS,
  remoteFolder,
  remoteMount,
  remoteName,
  type RemoteArea,
  type RemotesJson,
} from './remotes';

/** After a build has written its files, `write(root)` adds a manifest of them. */
function afterBuild(name: string, write: (root: string) => void | Promise<void>): Plugin {
  let root = process.cwd();
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    closeBundle: { order: 'post', handler: () => write(root) },
  };
}

/** An API operation written in a built chunk: the contract's calls name theirs as literals (`GET /jobs/:id`). */
const OPERATION_LITERAL = /[`"'](GET|POST|PUT|PATCH|DELETE) (\/[\w/:.-]*)[`"']/g;

/**
 * What a remote's build takes from outside itself, added to `dist/uses.json` (the browser build's and the
 * server build's), which its release manifest then records, both after tree-shaking: the kernel names its kept
 * code uses (kernel-names.ts), and the API operations its built chunks can call.
 */
function buildUses(): Plugin {
  let root = process.cwd();
  let kernel: string[] = [];
  const operations = new Set<string>();
  return {
    name: 'btls:build-uses',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      // Each of our source modules the bundle kept, with the exports it kept of it (after tree-shaking), in the
      // chunks the area's entries load (not the standalone page's, which only its team's dev server opens).
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const loaded = new Set<string>();
      const load = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const imported of [...chunk.imports, ...chunk.dynamicImports]) load(imported);
      };
      for (const chunk of chunks.values())
        if (chunk.isEntry && chunk.facadeModuleId !== join(root, STANDALONE_PAGE)) load(chunk.fileName);
      const kept = new Map<string, Set<string>>();
      for (const output of chunks.values()) {
        if (!loaded.has(output.fileName)) continue;
        for (const [, method, path] of output.code.matchAll(OPERATION_LITERAL)) operations.add(`${method} ${path}`);
        for (const [id, module] of Object.entries(output.modules))
          if (/\.(ts|tsx)$/.test(id) && !id.includes('/node_modules/') && existsSync(id))
            kept.set(id, new Set([...(kept.get(id) ?? []), ...module.renderedExports]));
      }
      kernel = kernelNamesKept(kept, join(root, 'tsconfig.json'));
    },
    writeBundle() {
      const file = join(root, 'dist', BUILD_USES);
      const before: BuildUses = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as BuildUses)
        : { kernel: [], operations: [] };
      const merged: BuildUses = {
        kernel: [...new Set([...before.kernel, ...kernel])].sort(),
        operations: [...new Set([...before.operations, ...operations])].sort(),
      };
      writeFileSync(file, `${JSON.stringify(merged)}\n`);
    },
  };
}

/** A remote's `dist/release.json`, written by its last build (the server build when it has one). */
const releaseManifest = (area: RemoteArea) =>
  afterBuild('btls:release-manifest', async (root) => void writeReleaseManifest(area, root, await areaPagesOf(root)));

/** Standalone development: the API runs apart (npm start, or npm run dev in api/). */
const apiProxy = () => ({ '/api': process.env.BTLS_API_URL ?? 'http://localhost:8080' });

interface RemoteOptions {
  /**
   * The remote's server build (`vite build --ssr src/server.ts` → dist/server/render.cjs), for areas whose
   * pages the API renders; with the Vite options that build alone needs (e.g. aliases of browser-only modules).
   */
  serverBuild?: Pick<UserConfig, 'resolve'>;
}

/**
 * A remote's config: a relative base (the built files work from whatever URL remotes.json points at), the
 * federation options every remote shares, its dev port from the remotes manifest.
 */
export function remoteViteConfig(area: RemoteArea, options: RemoteOptions = {}) {
  return ({ command, isSsrBuild }: ConfigEnv): UserConfig => {
    if (isSsrBuild && options.serverBuild) {
      const server = remoteServerBuild();
      return {
        base: './',
        plugins: [react(), compiledCatalogues(), buildUses(), releaseManifest(area)],
        ...server,
        define: { ...server.define, ...catalogueDefines() },
        ...options.serverBuild,
      };
    }
    const port = devPortOf(area);
    return {
      base: './',
      plugins: [
        react(),
        compiledCatalogues(),
        federation(remoteFederation(area, command)),
        standalonePageForDevOnly(),
        buildUses(),
        ...(options.serverBuild ? [] : [releaseManifest(area)]),
      ],
      define: catalogueDefines(),
      build: { target: 'es2022', ...(options.serverBuild ? { manifest: clientManifest } : {}) },
      server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: apiProxy() },
    };
  };
}

/**
 * The shell's dev server answers `/remotes.json` from the remotes list and each area's own pages (in production
 * the API makes it from the active releases).
 */
function remotesJson(): Plugin {
  const source = async () => {
    const json: RemotesJson = {};
    for (const area of REMOTE_AREAS) {
      const { layout, patterns } = await areaPagesOf(resolve(import.meta.dirname, '..', remoteFolder(area)));
      json[remoteName(area)] = {
        entry: `${remoteMount(area)}remoteEntry.js`,
        layout,
        patterns,
        serverRendered: false,
      };
    }
    return `${JSON.stringify(json, null, 2)}\n`;
  };
  return {
    name: 'btls:remotes-json',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response, next) => {
        source().then((json) => {
          response.setHeader('Content-Type', 'application/json');
          response.end(json);
        }, next);
      });
    },
  };
}

/**
 * The paint does not wait for scripts: the built index.html keeps its entry script and every module
 * preload inside `<template data-after-paint>`, and a small loader (after-paint.js, written into assets/ under
 * its content hash) puts them into the document once the first frame is painted. Done on the built file, after
 * the federation plugin has added its own preloads. `startUp` names the modules the page starts with (its entry):
 * their chunks, what they import and what a shared module's wrapper imports as it runs (the kernel's chunk, which
 * the page otherwise found only then: a round trip) are preloaded with the rest.
 */
function scriptsAfterThePaint(startUp: string[] = []): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  const preloaded = new Set<string>();
  return {
    name: 'btls:scripts-after-the-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const add = (fileName: string) => {
        if (preloaded.has(fileName)) return;
        preloaded.add(fileName);
        const chunk = chunks.find((output) => output.fileName === fileName);
        // A shared module's wrapper (the federation's loadShare) imports its module at once when it runs.
        const atOnce = fileName.includes('__loadShare__') ? (chunk?.dynamicImports ?? []) : [];
        for (const imported of [...(chunk?.imports ?? []), ...atOnce]) add(imported);
      };
      for (const module of startUp) {
        const chunk = chunks.find((output) => output.moduleIds.includes(resolve(root, module)));
        if (!chunk) this.error(`${module} is in no chunk of this build: it cannot be preloaded`);
        add(chunk.fileName);
      }
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const dist = resolve(root, outDir);
        const file = join(dist, 'index.html');
        if (!existsSync(file)) return;
        // Minified: it is every visitor's one script (its comments are for the repository, not the phone).
        const source = readFileSync(join(import.meta.dirname, 'after-paint.js'), 'utf8');
        const minified = await minify('after-paint.js', source, { compress: true, mangle: true });
        if (minified.errors.length > 0) this.error(`after-paint.js: ${minified.errors[0]?.message}`);
        const loader = minified.code;
        const name = `assets/after-paint-${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`;
        writeFileSync(join(dist, name), loader);
        writeFileSync(
          file,
          scriptsAfterPaint(
            readFileSync(file, 'utf8'),
            `${base}${name}`,
            [...preloaded].map((chunk) => `${base}${chunk}`),
          ),
        );
      },
    },
  };
}

/** The tags that load a page's scripts: module scripts and module preloads. */
const SCRIPT_TAGS = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/**
 * `html` with its script tags kept for after the first paint, with module preloads of `preload` beside them, and the
 * loader (at `loader`) that adds them then.
 */
export function scriptsAfterPaint(html: string, loader: string, preload: string[] = []): string {
  const tags = (html.match(SCRIPT_TAGS) ?? []).map((tag) => tag.trim());
  if (tags.length === 0) return html;
  for (const href of preload)
    if (!tags.some((tag) => tag.includes(`"${href}"`)))
      tags.push(`<link rel="modulepreload" crossorigin href="${href}">`);
  const later = `<template data-after-paint>${tags.join('')}</template>`;
  const now = `<script type="module" fetchpriority="low" src="${loader}"></script>`;
  return html.replace(SCRIPT_TAGS, '').replace(/\s*<\/head>/, `\n    ${later}\n    ${now}\n  </head>`);
}

/**
 * The shell's config. Its browser build provides the federation runtime and every shared module; no remote is
 * known at build time (/remotes.json names them at run time). `vite build --ssr src/server.tsx` makes one ES
 * module with everything in it (React, the router, our shared packages), which the API renders pages with.
 */
export function shellViteConfig() {
  return ({ isSsrBuild }: ConfigEnv): UserConfig =>
    isSsrBuild
      ? {
          plugins: [react(), compiledCatalogues()],
          // React's production build on the server too (the API does not set NODE_ENV).
          define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...catalogueDefines() },
          ssr: { noExternal: true },
          build: {
            outDir: 'dist/server',
            emptyOutDir: false,
            copyPublicDir: false,
            target: 'node20',
            rollupOptions: { output: { entryFileNames: 'render.js' } },
          },
        }
      : {
          plugins: [
            react(),
            compiledCatalogues(),
            federation({
              name: 'shell',
              remotes: {},
              shared: sharedDependencies,
              dts: false,
              // One federation runtime in the page: the remotes use this one (their builds set externalRuntime).
              experiments: { provideExternalRuntime: true },
              // Plain remoteEntry.js remotes: no manifests, preloading or devtools snapshots to support.
              disableSnapshot: true,
            }),
            remotesJson(),
            afterBuild('btls:shell-shared', writeShellShared),
            scriptsAfterThePaint(['src/main.tsx']),
          ],
          define: catalogueDefines(),
          build: { target: 'es2022' },
          server: { port: 5173, proxy: apiProxy() },
        };
}
