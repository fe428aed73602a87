// Bundles the server and our shared-api source into dist/server.js (and `npm run backup`/`restore` into dist/backup.js), and each worker thread's module
// (src/workers/<name>.ts, see src/workers/pool.ts) into dist/<name>.js beside it; npm packages stay external
// (PGlite loads its WebAssembly files from its own folder).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@btls/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/server.ts',
    backup: 'src/backup.ts',
    'verify-credential': 'src/workers/verify-credential.ts',
    passwords: 'src/workers/passwords.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// A render process runs under Node's permission model and reads only its own file (and the shell's server
// build): one self-contained ES module whose type needs no package.json lookup, bundled with what it imports.
await build({
  entryPoints: ['src/workers/render-page.ts'],
  outfile: 'dist/render-page.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
});
