/**
 * A release manifest as the API reads it (build-config/release.ts writes it), and the checks made before a
 * release is activated: every file there with its hash, the shared modules agreeing with the
 * shell's, every kernel name its code takes provided by the shell unchanged, and an API contract this API
 * serves. Each problem is named, so a team knows what to rebuild.
 */
import semver from 'semver';
import { z } from 'zod';
import { REMOTE_AREAS, type RemoteArea } from '@btls/build-config/remotes';
import type { ReleaseManifest, ShellShared } from '@btls/build-config/release';
import sharedApiPackage from '@btls/shared-api/package.json' with { type: 'json' };
import { shapeHash, type Shape } from './shapes';

/** The contract this API serves: the version of the package holding its schemas (the same source). */
export const CONTRACT = { package: '@btls/shared-api', version: sharedApiPackage.version };

/** The largest release the API takes: files and their total. */
export const MAX_RELEASE_FILES = 2000;
export const MAX_RELEASE_BYTES = 50 * 1024 * 1024;
/** The largest single file (a release is some hundred files of tens of KiB). */
export const MAX_RELEASE_FILE_BYTES = 10 * 1024 * 1024;

/**
 * What a manifest breaks, as the release tool prints it inside `release.manifestInvalid` (a developer's
 * diagnostic, like the check's `problems`: technical English, not a text of the catalogue).
 */
const RULE = {
  semver: 'not a semantic version',
  path: 'not a relative file path',
  url: 'not usable in a URL',
  integrity: 'not a sha384 integrity hash',
  base: 'base must be an http(s) folder URL of a host name, in its plain form, ending in /',
  entry: 'the entry is not one of its files',
  server: 'the server part is not one of its files',
  files: 'too many files',
  bytes: 'the files are too large in all (at most 50 MB)',
  pattern: 'not a page pattern (/courses/:id, /admin/*)',
  indexed: 'an indexed page must be one of its patterns, without parameters',
  shapeHash: "not the hash of the call's shapes (the manifest was changed after its build: build it again)",
} as const;

/**
 * A page's route pattern: plain lower-case segments and named parameters, or a prefix ending in `/*`. Never a
 * bare `/*`: an area takes its own pages, not every address (the shell's not-found stays the shell's).
 */
const pagePattern = z
  .string()
  .max(200)
  .regex(/^\/(?:(?:[a-z0-9][a-z0-9-]*|:[A-Za-z]\w*)(?:\/(?:[a-z0-9][a-z0-9-]*|:[A-Za-z]\w*))*(?:\/\*)?)?$/, {
    message: RULE.pattern,
  });

const semverText = z
  .string()
  .max(100)
  .refine((text) => semver.valid(text) !== null, { message: RULE.semver });
/** A file of the release: a relative path of plain segments (no `..`, no leading `/`). */
export const releasePath = z
  .string()
  .max(300)
  .regex(/^(?:[\w@-][\w.@-]*\/)*[\w@-][\w.@-]*$/, { message: RULE.path })
  .refine((path) => !path.split('/').includes('..'), { message: RULE.path });

/** An operation a release calls: `GET /jobs/:id`. */
const OPERATION = /^(GET|POST|PUT|PATCH|DELETE) \/[\w/:.-]{0,200}$/;

/** The shape of a request or an answer as the contract records it (shapes.ts). */
const shapeSchema: z.ZodType<Shape> = z.lazy(() =>
  z.union([
    z.enum(['string', 'number', 'boolean', 'null', 'any']),
    z.object({ enum: z.array(z.union([z.string().max(200), z.number(), z.boolean()])).max(1000) }).strict(),
    z.object({ array: shapeSchema }).strict(),
    z.object({ object: z.record(z.string().max(100), shapeSchema), closed: z.literal(true).optional() }).strict(),
    z.object({ anyOf: z.array(shapeSchema).max(100) }).strict(),
  ]),
);

/** How deep a manifest's JSON may nest (a shape nests as its answer does: a few levels). */
const MAX_DEPTH = 64;
function depthOf(value: unknown, limit: number): number {
  if (limit < 0 || value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, limit - 1));
  return deepest + 1;
}

export const releaseManifestSchema = z
  .object({
    schema: z.literal(1),
    area: z.enum(REMOTE_AREAS as [string, ...string[]]),
    // A version is also a folder of URLs: semver's characters only (`1.0.0+3f2a9c1d0b`).
    version: semverText.refine((text) => /^[\w.+-]+$/.test(text), { message: RULE.url }),
    builtAt: z.string().max(40),
    entry: releasePath,
    server: releasePath.nullable(),
    pages: z
      .object({
        layout: z.enum(['public', 'panel']),
        signedIn: z.boolean(),
        patterns: z.array(pagePattern).min(1).max(200),
        indexed: z.array(z.string().max(200)).max(200).optional(),
      })
      .refine((pages) => (pages.indexed ?? []).every((page) => pages.patterns.includes(page) && !/[:*]/.test(page)), {
        message: RULE.indexed,
      })
      .optional(),
    shared: z.record(z.string().max(100), z.object({ version: semverText, range: z.string().max(100) })),
    kernel: z
      .object({
        version: semverText,
        uses: z.record(
          z
            .string()
            .max(100)
            .regex(/^[\w$]+$/),
          z.string().regex(/^[0-9a-f]{12}$/),
        ),
      })
      .optional(),
    operations: z.array(z.string().regex(OPERATION)).max(500).optional(),
    shapes: z
      .record(
        z.string().regex(OPERATION),
        // The hash is the build's record of the shapes beside it: one that is not theirs says the manifest was
        // edited, and the API compares the shapes themselves anyway (operations.ts).
        z
          .object({ hash: z.string().regex(/^[0-9a-f]{12}$/), request: shapeSchema, answer: shapeSchema })
          .strict()
          .refine((shape) => shape.hash === shapeHash(shape), { message: RULE.shapeHash, path: ['hash'] }),
      )
      .optional(),
    contract: z.object({ package: z.string().max(100), version: semverText }),
    files: z.record(
      releasePath,
      z.object({
        integrity: z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/, { message: RULE.integrity }),
        size: z.number().int().nonnegative().max(MAX_RELEASE_FILE_BYTES),
      }),
    ),
    // Plain characters only: it becomes an origin in every page's Content-Security-Policy and a URL fetched.
    base: z
      .string()
      .max(300)
      .regex(/^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?\/(?:[\w.~@+-]+\/)*$/, { message: RULE.base })
      .refine(isPlainUrl, { message: RULE.base })
      .optional(),
  })
  .refine((manifest) => manifest.files[manifest.entry], { message: RULE.entry })
  .refine((manifest) => manifest.server === null || manifest.files[manifest.server], {
    message: RULE.server,
  })
  .refine((manifest) => Object.keys(manifest.files).length <= MAX_RELEASE_FILES, { message: RULE.files })
  .refine((manifest) => Object.values(manifest.files).reduce((sum, file) => sum + file.size, 0) <= MAX_RELEASE_BYTES, {
    message: RULE.bytes,
  }) as unknown as z.ZodType<ReleaseManifest>;

/** A URL that a parser gives back as it is (no `..`, no default port, nothing to normalise). */
function isPlainUrl(text: string): boolean {
  try {
    return new URL(text).href === text;
  } catch {
    return false;
  }
}

/** The manifest in `text`, or the first problem with it. */
export function parseManifest(text: string): { manifest: ReleaseManifest } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON.' };
  }
  if (depthOf(json, MAX_DEPTH) > MAX_DEPTH) return { problem: 'it nests too deeply.' };
  const result = releaseManifestSchema.safeParse(json);
  if (result.success) return { manifest: result.data };
  const issue = result.error.issues[0]!;
  return { problem: `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}.` };
}

/** What keeps the release from running on this shell: each shared module in both directions. */
export function sharedProblems(manifest: ReleaseManifest, shell: ShellShared | undefined): string[] {
  if (!shell) return ['the shell of this server has no shared.json (build the shell first)'];
  const problems: string[] = [];
  for (const [id, provided] of Object.entries(shell.shared)) {
    const built = manifest.shared[id];
    if (!built) continue;
    if (!semver.satisfies(built.version, provided.range))
      problems.push(`shared ${id}: built against ${built.version}, the shell accepts ${provided.range}`);
    else if (!semver.satisfies(provided.version, built.range))
      problems.push(`shared ${id}: needs ${built.range}, the shell provides ${provided.version}`);
  }
  for (const id of Object.keys(manifest.shared))
    if (!shell.shared[id]) problems.push(`shared ${id}: the shell does not provide it`);
  return [...problems, ...kernelProblems(manifest, shell)];
}

/**
 * Every kernel name the release's code takes must be provided by the shell's kernel with the type it was built
 * against: a release built against a newer kernel than the shell has waits for the shell.
 */
export function kernelProblems(manifest: ReleaseManifest, shell: ShellShared): string[] {
  if (!manifest.kernel) return [];
  if (!shell.kernel)
    return ['kernel: the shell of this server does not say what its kernel provides (build the shell)'];
  const provided = shell.kernel.exports;
  const uses = Object.entries(manifest.kernel.uses);
  const missing = uses.filter(([name]) => !(name in provided)).map(([name]) => name);
  const changed = uses.filter(([name, hash]) => name in provided && provided[name] !== hash).map(([name]) => name);
  const built = `built against kernel ${manifest.kernel.version}, the shell has ${shell.kernel.version}`;
  return [
    ...(missing.length
      ? [`kernel: the shell does not provide ${missing.join(', ')} (${built}): release the shell first`]
      : []),
    ...(changed.length
      ? [
          `kernel: the shell's ${changed.join(', ')} changed since this release was built (${built}): rebuild the area against it`,
        ]
      : []),
  ];
}

/**
 * Whether the release was built against this API's contract package. Its version decides nothing: what the
 * release calls is checked call by call, by the shapes of each request and answer (operations.ts, shapes.ts).
 */
export function contractProblems(manifest: ReleaseManifest, served = CONTRACT): string[] {
  const { contract } = manifest;
  if (contract.package !== served.package)
    return [`contract: built against ${contract.package}, this API serves ${served.package}`];
  return [];
}

/** An area's release as the page map sees it (the active one of another area, or its rollout's version). */
export interface ClaimingRelease {
  area: RemoteArea;
  version: string;
  manifest: ReleaseManifest;
}
