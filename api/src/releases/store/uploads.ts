/**
 * Storing a release: its files arrive one after the other and are stored as they stream, each checked against
 * the manifest; the release is written down once all are here, after room is made for it in the area's quota.
 */
import { and, eq } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import type { ReleaseManifest } from '@btls/build-config/release';
import { isUniqueViolation, type Db } from '../../db/client';
import { releaseFiles, releases } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { SizePassed, type FileStorage } from '../file-storage';
import { firstFew, holdHashedNames, type ReleaseFiles } from './files';
import type { Quota } from './quota';

/** A release being stored as its files arrive (ReleaseStore.startUpload). */
export interface ReleaseUpload {
  /** The version was stored before with this manifest: nothing is stored again, its files need not be read. */
  known: boolean;
  file(path: string, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void>;
  finish(): Promise<{ created: boolean }>;
  /** Forgets what was stored of it (a refused upload). */
  abort(): Promise<void>;
}

/**
 * Whether the version is stored already: `{ created: false }` when with the same manifest (its build time aside),
 * undefined when not at all; refused (409) when other files were released under it.
 */
async function storedBefore(db: Db, manifest: ReleaseManifest): Promise<{ created: boolean } | undefined> {
  const [existing] = await db
    .select({ manifest: releases.manifest })
    .from(releases)
    .where(and(eq(releases.area, manifest.area), eq(releases.version, manifest.version)))
    .limit(1);
  if (!existing) return undefined;
  const { builtAt: _a, ...before } = JSON.parse(existing.manifest) as ReleaseManifest;
  const { builtAt: _b, ...now } = manifest;
  if (JSON.stringify(before) !== JSON.stringify(now))
    throw conflict(codedWith('release.versionTaken', { version: manifest.version }));
  return { created: false };
}

export function createUploads(
  db: Db,
  storage: FileStorage,
  files: Pick<ReleaseFiles, 'fromBase'>,
  quota: Pick<Quota, 'makeRoom' | 'refuseLargerThanQuota'>,
) {
  /**
   * Begins storing a release whose files arrive one after the other (`file`), each stored as it streams and
   * checked against its size and hash in the manifest; `finish` stores the release (files on a CDN are fetched
   * then, and kept here for the server's own use). A version is stored once: the same manifest again is taken
   * as it is (`created: false`, its files not read), other files under a version already released are refused.
   * Room is made in the area's quota first (its oldest releases go), or the upload is refused (413).
   */
  async function startUpload(manifest: ReleaseManifest, by: string): Promise<ReleaseUpload> {
    const text = JSON.stringify(manifest);
    const known = await storedBefore(db, manifest);
    if (known)
      return { known: true, file: async () => undefined, finish: async () => known, abort: async () => undefined };
    const declared = Object.values(manifest.files).reduce((sum, file) => sum + file.size, 0);
    // A release larger than the whole quota is refused before a byte of it is read.
    quota.refuseLargerThanQuota(declared);
    const upload = storage.newUpload();
    const stored = new Map<string, { integrity: string; size: number }>();
    return {
      known: false,
      async file(path, bytes) {
        const expected = manifest.files[path];
        if (!expected) throw badRequest(codedWith('release.fileNotInManifest', { path: path.slice(0, 300) }));
        if (stored.has(path)) throw badRequest(codedWith('release.fileNotInManifest', { path: path.slice(0, 300) }));
        // Counted as they arrive, never past the size the manifest declares: a manifest that declares a few
        // bytes cannot bring megabytes.
        const file = await storage.write(upload, path, bytes, expected.size).catch((error: unknown) => {
          throw error instanceof SizePassed ? badRequest(codedWith('release.fileSizeMismatch', { path })) : error;
        });
        if (file.integrity !== expected.integrity) throw badRequest(codedWith('release.fileHashMismatch', { path }));
        // (The right bytes under a wrong size: stored as it came, it would be read back cut or padded.)
        if (file.size !== expected.size) throw badRequest(codedWith('release.fileSizeDiffers', { path }));
        stored.set(path, file);
      },
      async finish() {
        if (manifest.base) await files.fromBase(manifest, upload, new Set(stored.keys()));
        else {
          const missing = Object.keys(manifest.files).filter((path) => !stored.has(path));
          if (missing.length) throw badRequest(codedWith('release.filesMissing', { paths: firstFew(missing) }));
        }
        const rows = Object.entries(manifest.files).map(([path, { integrity, size }]) => ({
          area: manifest.area,
          version: manifest.version,
          path,
          integrity,
          size,
          upload,
        }));
        try {
          await db.transaction(async (tx) => {
            await quota.makeRoom(tx, manifest.area, declared);
            await tx.insert(releases).values({
              area: manifest.area,
              version: manifest.version,
              manifest: text,
              origin: manifest.base ? new URL(manifest.base).origin : null,
              releasedBy: by,
            });
            await holdHashedNames(tx, manifest);
            for (let at = 0; at < rows.length; at += 200)
              await tx.insert(releaseFiles).values(rows.slice(at, at + 200));
          });
        } catch (error) {
          await storage.forget(upload);
          // Two uploads of one version at once: the other stored it.
          if (isUniqueViolation(error)) return (await storedBefore(db, manifest)) ?? { created: false };
          throw error;
        }
        return { created: true };
      },
      abort: () => storage.forget(upload),
    };
  }

  return {
    startUpload,

    /** Stores a release whose files are at hand (this server's own build; tests): see startUpload. */
    async save(manifest: ReleaseManifest, files: Map<string, Uint8Array>, by: string): Promise<{ created: boolean }> {
      const upload = await startUpload(manifest, by);
      try {
        for (const [path, bytes] of files) await upload.file(path, [bytes]);
        return await upload.finish();
      } catch (error) {
        await upload.abort();
        throw error;
      }
    },

    /** Deletes the chunks of uploads that never finished, a day on (an instance may have died mid-way). */
    sweepUploads: () => storage.sweep(24 * 60 * 60_000),
  };
}
