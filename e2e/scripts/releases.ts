/**
 * An area's release made from the repository's build, and a team's release tool run on it: what the browser
 * journeys release, and what the first-visit benchmark releases to see what a returning phone pays.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isContentHashed, stemOf } from '@btls/build-config/file-names';
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

/**
 * Changes one file of a build in `dist` as the next build would: a file named by a hash of its content gets a new
 * name, and so does every such file that names a renamed one, and every file naming them names the new names (the
 * API refuses other bytes under a name an earlier release of the area had). Answers the file's path now.
 */
export function changeBuiltFile(dist: string, path: string, change: (text: string) => string): string {
  const files = (readdirSync(dist, { recursive: true }) as string[]).filter((file) =>
    /\.(c?js|mjs|json|html|css|map)$/.test(file),
  );
  const before = new Map(files.map((file) => [file, readFileSync(join(dist, file), 'utf8')]));
  const texts = new Map(before).set(path, change(before.get(path) ?? ''));
  // The hashed files to rename: the one changed, and each that names one of them (an importer's hash covers its imports).
  const renamed = new Set(isContentHashed(path) ? [path] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const file of files)
      if (
        !renamed.has(file) &&
        isContentHashed(file) &&
        [...renamed].some((other) => texts.get(file)!.includes(basename(other)))
      ) {
        renamed.add(file);
        grew = true;
      }
  }
  const names = new Map(
    [...renamed].map((file) => {
      // (Led by a capital, as a hash must have one to be read as one: isContentHashed.)
      const hash = `R${createHash('sha256').update(texts.get(path)!).update(file).digest('base64url').slice(0, 7)}`;
      return [basename(file), stemOf(basename(file)).replace(/(\.\w+)$/, `-${hash}$1`)];
    }),
  );
  for (const [file, text] of texts) {
    let now = text;
    for (const [from, to] of names) now = now.replaceAll(from, to);
    if (now !== before.get(file)) writeFileSync(join(dist, file), now);
  }
  for (const file of renamed)
    renameSync(join(dist, file), join(dist, file.replace(basename(file), names.get(basename(file))!)));
  return renamed.has(path) ? path.replace(basename(path), names.get(basename(path))!) : path;
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

/**
 * An area team's working copy: the area's sources in a folder of their own beside the repository's shared
 * packages (linked), as a team's checkout of the monorepo would be. `edit` changes it (`edit(file, change)` edits
 * a file relative to the area's folder; a new file is written whole). Answers the area's folder.
 */
export function teamCheckout(
  area: RemoteArea,
  edit: (change: (file: string, change: (text: string) => string) => void) => void,
): string {
  const root = mkdtempSync(join(tmpdir(), 'btls-team-'));
  const folder = join(root, `mfe-${area}`);
  mkdirSync(folder);
  for (const item of ['src', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'])
    cpSync(join(ROOT, `mfe-${area}`, item), join(folder, item), { recursive: true });
  for (const shared of ['node_modules', 'build-config', 'scripts', 'shared-ui', 'tsconfig.base.json'])
    symlinkSync(join(ROOT, shared), join(root, shared));
  symlinkSync(join(ROOT, `mfe-${area}`, 'node_modules'), join(folder, 'node_modules'));
  edit((file, change) => {
    const path = join(folder, file);
    let before = '';
    try {
      before = readFileSync(path, 'utf8');
    } catch {
      mkdirSync(dirname(path), { recursive: true });
    }
    const after = change(before);
    if (after === before) throw new Error(`${file} was not changed`);
    writeFileSync(path, after);
  });
  return folder;
}

/**
 * An area's catalogue (`src/locales/<language>.po`) with `texts` added, each id with its text in that language:
 * what the team's `npm run i18n` and its translator give a new page (the build compiles it).
 */
export function withTexts(catalogue: string, texts: Record<string, string>): string {
  const entries = Object.entries(texts).map(
    ([id, text]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(text)}\n`,
  );
  return `${catalogue.trimEnd()}\n\n${entries.join('\n')}`;
}
