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
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  // Our own: the session store and the API client hold page-wide state. The zod schemas stay out: they
  // hold none, and only the server and a few forms need them.
  ...Object.fromEntries(
    [...exportedSubpaths('shared-auth'), ...exportedSubpaths('shared-api', ['./schemas'])].map((name) => [name, singleton]),
  ),
};

/** The remotes: federation name → the area it serves. The shell's route table maps paths to these. */
export const REMOTES = ['public', 'trainee', 'admin', 'trainer', 'employer'] as const;
export type RemoteName = (typeof REMOTES)[number];
