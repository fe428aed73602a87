/**
 * An area's release: its build writes `dist/release.json` beside its files — what it is, what it
 * needs of the shell and of the API, and every file with its integrity hash. The API stores a release as
 * immutable files under `/remotes/<area>/<version>/`, checks it against the running shell and API before it
 * activates it, and makes `/remotes.json` from the active releases. The shell's build writes
 * `dist/shared.json`: the versions of the shared modules it provides, and the ranges it accepts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { CONTRACT_PACKAGE, packageOf, sharedDependencies } from './federation';
import { KERNEL_PACKAGE, readRecordedSurface, type Surface } from './kernel-surface';
import type { AreaPages, RemoteArea } from './remotes';
import { readContractRecord } from './contract-shapes';

export const RELEASE_MANIFEST = 'release.json';
export const SHELL_SHARED_MANIFEST = 'shared.json';
/** Left in `dist/` by a remote's builds: what its code takes from outside (the release manifest records it). */
export const BUILD_USES = 'uses.json';
export interface BuildUses {
  /** The kernel names its source files import. */
  kernel: string[];
  /** The API operations its built chunks can call (`GET /jobs/:id`, relative to `/api`). */
  operations: string[];
}

/** A shared module as a build sees it: the version it was built against, and the versions it accepts. */
export interface SharedVersion {
  version: string;
  range: string;
}

export interface ReleaseManifest {
  /** The manifest format. */
  schema: 1;
  area: RemoteArea;
  /** The package's semver and the files' content hash: `1.0.0+3f2a9c1d0b`. Same files, same version. */
  version: string;
  builtAt: string;
  /** The federation entry, relative to the release's folder. */
  entry: string;
  /** The server part the API renders the area's pages with (`server/render.cjs`), when the area has one. */
  server: string | null;
  /**
   * The pages it serves (its `src/pages.ts`): the shell routes them to it, from the active releases. (Absent in
   * releases built before areas recorded their pages: such a release is not activated.)
   */
  pages?: AreaPages;
  shared: Record<string, SharedVersion>;
  /**
   * The kernel the area was built against, and each name its code takes from it with the hash of that name's
   * type then: the active shell must provide every one, unchanged.
   */
  kernel?: { version: string; uses: Surface };
  /**
   * The API operations its code can call (`GET /jobs/:id`, relative to `/api`): the API refuses the release,
   * and fails its readiness, when it does not serve one.
   */
  operations?: string[];
  /**
   * For each operation it calls, the shapes of its request and answer in the contract it was built against (the
   * contract's `contract.json`), with their hash: the API refuses the release, and fails its readiness, when it
   * no longer serves one compatibly (api/src/releases/shapes.ts says what compatible means).
   */
  shapes?: Record<string, RecordedShape>;
  /** The API contract the area was built against: the version of the package holding the schemas and client. */
  contract: { package: string; version: string };
  /** Every file of the release (paths relative to its folder) with its Subresource Integrity hash. */
  files: Record<string, { integrity: string; size: number }>;
  /** Where the files live when not on the site itself (a CDN): the folder's absolute URL, ending in `/`. */
  base?: string;
}

/** The shapes of an operation as the contract records them (contract-shapes.ts). */
export interface RecordedShape {
  hash: string;
  request: unknown;
  answer: unknown;
}

/** An operation with its path's parameters unnamed: `GET /jobs/:id` and `GET /jobs/{jobId}` are one. */
export const operationKey = (operation: string) => operation.replace(/:[^/]+|\{[^/}]+\}/g, ':');

export interface ShellShared {
  version: string;
  shared: Record<string, SharedVersion>;
  /** The kernel this shell provides: its version and surface (kernel/surface.json). */
  kernel?: { version: string; exports: Surface };
}

export const integrityOf = (bytes: Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The version a package is installed at, as seen from `folder`. */
export function installedVersion(name: string, folder: string): string {
  const require = createRequire(join(folder, 'package.json'));
  let dir = dirname(require.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === name && json.version) return json.version;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`Cannot find the installed version of ${name} from ${folder}`);
    dir = up;
  }
}

/** The shared modules as the package in `folder` is built against them. */
export function sharedVersionsOf(folder: string): Record<string, SharedVersion> {
  return Object.fromEntries(
    Object.entries(sharedDependencies).map(([id, config]) => [
      id,
      { version: installedVersion(packageOf(id), folder), range: config.requiredVersion },
    ]),
  );
}

/** Files of a built folder that belong to a release: not the manifest, not the precompressed copies. */
function releaseFiles(dist: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(dist, path).split(sep).join('/'));
    }
  };
  walk(dist);
  return files.filter((file) => file !== RELEASE_MANIFEST && file !== BUILD_USES && !/\.(br|gz)$/.test(file));
}

/** Every file of a built folder with its integrity hash and size. */
export function describeFiles(dist: string): ReleaseManifest['files'] {
  const files: ReleaseManifest['files'] = {};
  for (const file of releaseFiles(dist)) {
    const bytes = readFileSync(join(dist, file));
    files[file] = { integrity: integrityOf(bytes), size: bytes.length };
  }
  return files;
}

/** A release's version: the package's semver and a hash of its files (`1.0.0+3f2a9c1d0b`). */
export function contentVersion(packageVersion: string, files: ReleaseManifest['files']): string {
  const content = createHash('sha256');
  for (const [file, { integrity }] of Object.entries(files)) content.update(`${file}\0${integrity}\n`);
  return `${packageVersion.replace(/\+.*$/, '')}+${content.digest('hex').slice(0, 10)}`;
}

/** Writes `dist/release.json` for the area built in `folder`, serving `pages` (its `src/pages.ts`). */
export function writeReleaseManifest(area: RemoteArea, folder: string, pages: AreaPages): ReleaseManifest {
  const dist = join(folder, 'dist');
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const files = describeFiles(dist);
  const usesFile = join(dist, BUILD_USES);
  const uses: BuildUses = existsSync(usesFile)
    ? (JSON.parse(readFileSync(usesFile, 'utf8')) as BuildUses)
    : { kernel: [], operations: [] };
  const manifest: ReleaseManifest = {
    schema: 1,
    area,
    version: contentVersion(pkg.version, files),
    builtAt: new Date().toISOString(),
    entry: 'remoteEntry.js',
    server: files['server/render.cjs'] ? 'server/render.cjs' : null,
    pages,
    shared: sharedVersionsOf(folder),
    kernel: kernelUsedBy(uses.kernel, folder),
    operations: uses.operations,
    shapes: shapesCalled(uses.operations, folder),
    contract: { package: CONTRACT_PACKAGE, version: installedVersion(CONTRACT_PACKAGE, folder) },
    files,
  };
  writeFileSync(join(dist, RELEASE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The kernel names the builds recorded, with their types' hashes in the kernel built against. */
function kernelUsedBy(names: string[], folder: string): ReleaseManifest['kernel'] {
  const recorded = readRecordedSurface();
  const uses = names.includes('*')
    ? recorded.exports
    : Object.fromEntries(
        names.filter((name) => name in recorded.exports).map((name) => [name, recorded.exports[name]!]),
      );
  return { version: installedVersion(KERNEL_PACKAGE, folder), uses };
}

/** The contract's shapes of the operations an area calls, as installed where it is built. */
function shapesCalled(operations: string[], folder: string): Record<string, RecordedShape> {
  const contract = dirname(createRequire(join(folder, 'package.json')).resolve(`${CONTRACT_PACKAGE}/package.json`));
  const recorded = readContractRecord<RecordedShape>(contract).operations;
  return Object.fromEntries(
    operations.flatMap((operation) => {
      const shape = recorded[operationKey(operation)];
      return shape ? [[operation, shape]] : [];
    }),
  );
}

/** Writes the shell's `dist/shared.json`: what it provides to every area. */
export function writeShellShared(folder: string): void {
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const manifest: ShellShared = {
    version: pkg.version,
    shared: sharedVersionsOf(folder),
    kernel: readRecordedSurface(),
  };
  writeFileSync(join(folder, 'dist', SHELL_SHARED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}
