/**
 * An area's release made from the repository's build, and a team's release tool run on it: what the browser
 * journeys release, and what the first-visit benchmark releases to see what a returning phone pays.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentVersion, describeFiles, RELEASE_MANIFEST } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import { ROOT } from './site.mjs';

/**
 * A copy of the repository's build of `area` in a folder of its own (`<tmp>/mfe-<area>/dist`), changed by
 * `change`, with its release.json written anew for the changed files (a new version), its files on `base`
 * when given (a CDN folder).
 */
export function copyOfBuild(
  area: RemoteArea,
  change: (dist: string) => void = () => undefined,
  base?: string,
): { folder: string; dist: string; version: string } {
  const folder = join(mkdtempSync(join(tmpdir(), 'btls-release-')), `mfe-${area}`);
  const dist = join(folder, 'dist');
  cpSync(join(ROOT, `mfe-${area}`, 'dist'), dist, { recursive: true });
  for (const file of readdirSync(dist, { recursive: true }) as string[])
    if (/\.(br|gz)$/.test(file)) rmSync(join(dist, file));
  change(dist);
  const manifest = JSON.parse(readFileSync(join(dist, RELEASE_MANIFEST), 'utf8'));
  manifest.files = describeFiles(dist);
  manifest.version = contentVersion(manifest.version, manifest.files);
  if (base) manifest.base = base;
  else delete manifest.base;
  writeFileSync(join(dist, RELEASE_MANIFEST), JSON.stringify(manifest, null, 2));
  return { folder, dist, version: manifest.version };
}

/** A team's `npm run release`/`rollback` (scripts/release.mjs) in `folder`: its exit code and what it printed. */
export function runRelease(
  site: { base: string },
  folder: string,
  args: string[],
  token: string | undefined,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'release.mjs'), ...args], {
      cwd: folder,
      // A team's terminal: not the test runner's environment (its NODE_ENV and Vitest's settings).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        BTLS_URL: site.base,
        ...(token ? { BTLS_RELEASE_TOKEN: token } : {}),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done({ code, output }));
  });
}
