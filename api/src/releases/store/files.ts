/**
 * A stored release and its files: its row and manifest, its files' bytes as stored here (a release on a CDN is
 * fetched when it is uploaded), and the checks of those bytes against the manifest's hashes.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import { integrityOf, type ReleaseManifest } from '@btls/build-config/release';
import { isContentHashed } from '@btls/build-config/file-names';
import { REMOTE_AREAS } from '@btls/build-config/remotes';
import type { Db } from '../../db/client';
import { releaseAreas, releaseFileNames, releases } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { FileStorage } from '../file-storage';
import type { Staging } from '../staging';
import { BaseFetchError, baseProblem, fetchReleaseFile } from '../base';

/** Where a stored release's files are served: its own folder of immutable URLs. */
export const releaseFolder = (area: string, version: string) => `/remotes/${area}/${version}/`;
export const baseOf = (manifest: ReleaseManifest) => manifest.base ?? releaseFolder(manifest.area, manifest.version);

type ReleaseRow = typeof releases.$inferSelect;
export const manifestOf = (row: Pick<ReleaseRow, 'manifest'>) => JSON.parse(row.manifest) as ReleaseManifest;

/** Up to five paths of a list, for a message. */
export const firstFew = (paths: string[]) => `${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}`;

export function createReleaseFiles(db: Db, storage: FileStorage, allowedOrigins: readonly string[]) {
  async function release(area: string, version: string): Promise<ReleaseRow> {
    const [row] = await db
      .select()
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (!row) throw notFound(codedWith('release.notFound', { area, version }));
    return row;
  }

  /** One stored file of a release, or undefined. */
  const file = (area: string, version: string, path: string) => storage.read(area, version, path);

  return {
    release,
    file,

    /** A release's manifest (404 when the area has no such version). */
    async manifest(area: string, version: string): Promise<ReleaseManifest> {
      return manifestOf(await release(area, version));
    },

    /**
     * A file of a release as text, as stored here (a release on a CDN was fetched when it was uploaded),
     * checked against its hash (a file that does not match is not used).
     */
    async fileText(manifest: ReleaseManifest, path: string): Promise<string> {
      const expected = manifest.files[path];
      if (!expected) throw new Error(`${path} is not a file of ${manifest.area}@${manifest.version}`);
      const bytes = await file(manifest.area, manifest.version, path);
      if (!bytes) throw new Error(`${path} of ${manifest.area}@${manifest.version} is not stored`);
      if (integrityOf(bytes) !== expected.integrity) throw new Error(`${path} does not match its hash`);
      return new TextDecoder().decode(bytes);
    },

    /**
     * The files of a release that lives on a CDN and were not uploaded, fetched (once, when it is uploaded), staged
     * with the uploaded ones and checked against their hashes; refused with the first problem. A few at a time,
     * each capped at its declared size.
     */
    async fromBase(manifest: ReleaseManifest, staging: Pick<Staging, 'files' | 'write'>): Promise<void> {
      const problem = baseProblem(manifest.base!, allowedOrigins);
      if (problem) throw badRequest(codedWith('release.manifestInvalid', { problem: `base: ${problem}.` }));
      const wanted = Object.entries(manifest.files).filter(([path]) => !staging.files.has(path));
      const problems: string[] = [];
      let refused: HttpError | undefined;
      for (let at = 0; at < wanted.length && !problems.length && !refused; at += 4)
        // Every fetch of a round ends before the next round or a refusal: none writes after its upload is removed.
        await Promise.allSettled(
          wanted.slice(at, at + 4).map(async ([path, { size, integrity }]) => {
            try {
              const bytes = await fetchReleaseFile(new URL(path, manifest.base).href, {
                maxBytes: size,
                allowedOrigins,
              });
              const staged = await staging.write(path, [bytes], size);
              if (staged.integrity !== integrity || staged.size !== size)
                refused ??= badRequest(codedWith('release.fileHashMismatch', { path }));
            } catch (error) {
              problems.push(`${path} ${error instanceof BaseFetchError ? error.message : 'could not be fetched'}`);
            }
          }),
        );
      if (refused) throw refused;
      if (problems.length)
        throw new HttpError(
          409,
          codedWith('release.incompatible', { problems: problems.sort().slice(0, 5).join('; ') }),
        );
    },

    /** Problems with the stored files of a release: missing, not matching their hash, or not whole. */
    async fileProblems(manifest: ReleaseManifest): Promise<string[]> {
      const problems: string[] = [];
      const byPath = new Map((await storage.stored(manifest.area, manifest.version)).map((file) => [file.path, file]));
      const expected = Object.entries(manifest.files);
      const missing = expected.filter(([path]) => !byPath.has(path)).map(([path]) => path);
      if (missing.length) problems.push(`files missing: ${firstFew(missing)}`);
      for (const [path, { integrity }] of expected) {
        const file = byPath.get(path);
        if (file && (file.integrity !== integrity || file.held !== file.size))
          problems.push(`${path} does not match its hash`);
      }
      return problems;
    },

    /** Every area with its active version and its releases, newest first. */
    list: () => listReleases(db),
  };
}
export type ReleaseFiles = ReturnType<typeof createReleaseFiles>;

/** A release's files named by their content's hash. */
const hashedOf = (manifest: ReleaseManifest) =>
  Object.entries(manifest.files).filter(([path]) => isContentHashed(path));

/**
 * Refuses (409) a release when an earlier release of the area gave one of its content-hashed names other bytes: a
 * phone uses its copy of a file for every release's file of that name.
 */
export async function refuseTakenNames(on: Pick<Db, 'select'>, manifest: ReleaseManifest) {
  const named = hashedOf(manifest);
  const taken: string[] = [];
  for (let at = 0; at < named.length; at += 200) {
    const held = await on
      .select({ path: releaseFileNames.path, integrity: releaseFileNames.integrity })
      .from(releaseFileNames)
      .where(
        and(
          eq(releaseFileNames.area, manifest.area),
          inArray(
            releaseFileNames.path,
            named.slice(at, at + 200).map(([path]) => path),
          ),
        ),
      );
    for (const row of held) if (row.integrity !== manifest.files[row.path]?.integrity) taken.push(row.path);
  }
  if (taken.length) throw conflict(codedWith('release.hashedNameTaken', { paths: firstFew(taken.sort()) }));
}

/**
 * Writes down the content-hashed names of a release's files, each with its content, and refuses the release when
 * an earlier release of the area gave one of them other bytes (refuseTakenNames). Race-safe: of two uploads naming
 * one file differently, the second waits for the first's row and then sees it.
 */
export async function holdHashedNames(tx: Pick<Db, 'insert' | 'select'>, manifest: ReleaseManifest) {
  const named = hashedOf(manifest);
  for (let at = 0; at < named.length; at += 200)
    await tx
      .insert(releaseFileNames)
      .values(named.slice(at, at + 200).map(([path, { integrity }]) => ({ area: manifest.area, path, integrity })))
      .onConflictDoNothing();
  await refuseTakenNames(tx, manifest);
}

async function listReleases(db: Db) {
  const [rows, areas] = await Promise.all([
    db
      .select({
        area: releases.area,
        version: releases.version,
        manifest: releases.manifest,
        releasedAt: releases.releasedAt,
        releasedBy: releases.releasedBy,
      })
      .from(releases)
      .orderBy(desc(releases.releasedAt), desc(releases.version)),
    db.select().from(releaseAreas),
  ]);
  return REMOTE_AREAS.map((area) => ({
    area,
    active: areas.find((row) => row.area === area)?.activeVersion ?? null,
    activatedBy: areas.find((row) => row.area === area)?.activatedBy ?? null,
    activatedAt: areas.find((row) => row.area === area)?.activatedAt?.toISOString() ?? null,
    versions: rows
      .filter((row) => row.area === area)
      .map((row) => {
        const manifest = manifestOf(row);
        return {
          version: row.version,
          releasedAt: row.releasedAt.toISOString(),
          releasedBy: row.releasedBy,
          builtAt: manifest.builtAt,
          entry: `${baseOf(manifest)}${manifest.entry}`,
          server: manifest.server,
          shared: manifest.shared,
          contract: manifest.contract,
          operations: manifest.operations ?? [],
          files: Object.keys(manifest.files).length,
        };
      }),
  }));
}
