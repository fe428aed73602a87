/**
 * The one shared-dependency config of the shell and every remote (architecture: "so singletons can never
 * drift apart"). One React, one router, one session store and one API client in the page.
 */
import { readFileSync } from 'node:fs';

/** Every subpath a workspace package exports, as import specifiers ('@btls/shared-auth/session', …). */
function exportedSubpaths(folder: string, except: string[] = []): string[] {
  const pkg = JSON.parse(readFileSync(new URL(`./${folder}/package.json`, import.meta.url), 'utf8')) as {
    name: string;
    exports: Record<string, string>;
  };
  return Object.keys(pkg.exports)
    .filter((key) => !except.includes(key))
    .map((key) => `${pkg.name}${key.slice(1)}`);
}

const singleton = { singleton: true, requiredVersion: false as const };

export const sharedDependencies = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-runtime': singleton,
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/client': singleton,
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  // Our own: the session store, the router (@btls/shared-auth/router: only the parts of react-router we use;
  // react-router itself is not shared, or all of its 65 KiB would ship) and the API client hold page-wide
  // state. Their sibling modules are shared too: a module left out would be bundled with a static import of
  // its shared neighbours, which downloads the remote's own fallback copies. The zod schemas stay out.
  ...Object.fromEntries(
    [...exportedSubpaths('shared-auth', ['./testing']), ...exportedSubpaths('shared-api', ['./schemas', './fixtures'])].map((name) => [name, singleton]),
  ),
};

/**
 * A remote's federation options: one routes component exposed as './routes'. In a production build the
 * remote uses the shell's federation runtime (the shell provides it) instead of shipping its own copy;
 * standalone development keeps its own, since no shell is there.
 */
export function remoteFederation(area: string, command: 'build' | 'serve') {
  return {
    name: `mfe_${area}`,
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/expose.tsx' },
    shared: sharedDependencies,
    dts: false,
    // A remote consumes no other remote and no manifest: leave that part of the runtime out.
    disableRemote: true,
    disableSnapshot: true,
    ...(command === 'build' ? { experiments: { externalRuntime: true } } : {}),
  };
}
