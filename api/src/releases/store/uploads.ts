/**
 * Storing a release: its files arrive one after the other and wait on disk (staging.ts), each checked against the
 * manifest as it streams; once all are here and the release is checked whole (its size in the area's quota, its
 * hashed names), its files are stored in the database and the release is written down, after room is made for it
 * in the area's quota. A refused release never reaches the database. An area uploads one release at a time, and
 * this instance a few at once (`createUploadTurns`).
 */
import { and, eq } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import type { ReleaseManifest } from '@btls/build-config/release';
import { isUniqueViolation, type Db } from '../../db/client';
import { releaseFiles, releases } from '../../db/schema';
import { badRequest, conflict, HttpError, serviceBusy } from '../../http/errors';
import { databaseCounterStore } from '../../rate-limit';
import { CHUNK_BYTES, SizePassed, type FileStorage } from '../file-storage';
import { readStaged, stageUpload, sweepStaging, type StagedFile } from '../staging';
import { firstFew, holdHashedNames, refuseTakenNames, type ReleaseFiles } from './files';
import { storedSizeOf, type Quota } from './quota';

/** A release being stored as its files arrive (ReleaseStore.startUpload). */
export interface ReleaseUpload {
  /** The version was stored before with this manifest: nothing is stored again, its files need not be read. */
  known: boolean;
  file(path: string, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void>;
  finish(): Promise<{ created: boolean }>;
  /** Forgets what was received of it (a refused upload, a client gone). */
  abort(): Promise<void>;
}

/** Uploads this instance takes at once, of all areas: each holds a release on disk and the database's time. */
export const UPLOADS_AT_ONCE = 2;
/** How long an area's turn lasts when its instance never ends it (it stopped mid-upload). */
const TURN_MS = 10 * 60_000;

/**
 * Turns to upload: one area at a time, across instances (a row of the database's counters, which every instance
 * sees), and UPLOADS_AT_ONCE at most in this instance. `take` answers the function that ends the turn; refused
 * with a 409 while the area's other upload runs, a 503 while this instance has its share.
 */
export function createUploadTurns(db: Db, atOnce = UPLOADS_AT_ONCE) {
  const counters = databaseCounterStore(db);
  let running = 0;
  return {
    async take(area: string): Promise<() => Promise<void>> {
      if (running >= atOnce) throw serviceBusy();
      running += 1;
      const key = `release-upload-turn:${area}`;
      try {
        const { count } = await counters.increment(key, TURN_MS);
        if (count > 1) throw conflict(texts.release.uploadUnderway);
      } catch (error) {
        running -= 1;
        throw error instanceof HttpError ? error : serviceBusy();
      }
      let ended = false;
      return async () => {
        if (ended) return;
        ended = true;
        running -= 1;
        // (Not given back, the turn ends by itself at TURN_MS: the upload's own answer stands.)
        await counters.reset(key).catch(() => undefined);
      };
    },
  };
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
  quota: Pick<Quota, 'makeRoom' | 'refuseLargerThanQuota' | 'refuseWithoutRoom'>,
) {
  /**
   * Stores a file of an accepted release under `upload`: the one place a file reaches the database. Its bytes are
   * hashed again as they are stored, so the database holds the bytes that were checked.
   */
  async function storeAccepted(upload: string, path: string, staged: StagedFile) {
    const stored = await storage.write(upload, path, readStaged(staged, CHUNK_BYTES), staged.size);
    if (stored.integrity !== staged.integrity) throw new Error(`${path} changed on disk while it was stored`);
  }

  /**
   * Stores a release whose files are staged and checked: refusals that need nothing stored come first (the
   * quota, the hashed names), then its files are stored, and then the release is written down in one transaction
   * with the room made for it. What was stored of a release refused after all (a quota or a name taken meanwhile,
   * the same version stored by another upload) is deleted and its space given back.
   */
  async function store(manifest: ReleaseManifest, staged: ReadonlyMap<string, StagedFile>, by: string) {
    const bytes = storedSizeOf([...staged].map(([path, { size }]) => ({ path, size })));
    await quota.refuseWithoutRoom(manifest.area, bytes);
    await refuseTakenNames(db, manifest);
    const upload = storage.newUpload();
    const rows = Object.entries(manifest.files).map(([path, { integrity, size }]) => ({
      area: manifest.area,
      version: manifest.version,
      path,
      integrity,
      size,
      upload,
    }));
    let dropped: number;
    try {
      for (const [path, file] of staged) await storeAccepted(upload, path, file);
      dropped = await db.transaction(async (tx) => {
        const made = await quota.makeRoom(tx, manifest.area, bytes);
        await tx.insert(releases).values({
          area: manifest.area,
          version: manifest.version,
          manifest: JSON.stringify(manifest),
          origin: manifest.base ? new URL(manifest.base).origin : null,
          releasedBy: by,
        });
        await holdHashedNames(tx, manifest);
        for (let at = 0; at < rows.length; at += 200) await tx.insert(releaseFiles).values(rows.slice(at, at + 200));
        return made;
      });
    } catch (error) {
      await storage.forget(upload);
      await storage.reclaim();
      // Two uploads of one version at once: the other stored it.
      if (isUniqueViolation(error)) return (await storedBefore(db, manifest)) ?? { created: false };
      throw error;
    }
    if (dropped) await storage.reclaim();
    return { created: true };
  }

  /**
   * Begins storing a release whose files arrive one after the other (`file`), each staged on disk as it streams
   * and checked against its size and hash in the manifest; `finish` checks the release whole, fetches the files
   * that live on a CDN (kept here for the server's own use) and stores it. A version is stored once: the same
   * manifest again is taken as it is (`created: false`, its files not read), other files under a version already
   * released are refused. Room is made in the area's quota first (its oldest releases go), or the upload is
   * refused (413). Every end of it (`finish`, `abort`) removes its staged files.
   */
  async function startUpload(manifest: ReleaseManifest, by: string): Promise<ReleaseUpload> {
    const known = await storedBefore(db, manifest);
    if (known)
      return { known: true, file: async () => undefined, finish: async () => known, abort: async () => undefined };
    // A release larger than the whole quota is refused before a byte of it is read.
    quota.refuseLargerThanQuota(
      storedSizeOf(Object.entries(manifest.files).map(([path, { size }]) => ({ path, size }))),
    );
    const staging = await stageUpload();
    return {
      known: false,
      async file(path, bytes) {
        const expected = manifest.files[path];
        if (!expected || staging.files.has(path))
          throw badRequest(codedWith('release.fileNotInManifest', { path: path.slice(0, 300) }));
        // Counted as they arrive, never past the size the manifest declares: a manifest that declares a few
        // bytes cannot bring megabytes.
        const file = await staging.write(path, bytes, expected.size).catch((error: unknown) => {
          throw error instanceof SizePassed ? badRequest(codedWith('release.fileSizeMismatch', { path })) : error;
        });
        if (file.integrity !== expected.integrity) throw badRequest(codedWith('release.fileHashMismatch', { path }));
        // (The right bytes under a wrong size: stored as it came, it would be read back cut or padded.)
        if (file.size !== expected.size) throw badRequest(codedWith('release.fileSizeDiffers', { path }));
      },
      async finish() {
        try {
          if (manifest.base) await files.fromBase(manifest, staging);
          const missing = Object.keys(manifest.files).filter((path) => !staging.files.has(path));
          if (missing.length) throw badRequest(codedWith('release.filesMissing', { paths: firstFew(missing) }));
          return await store(manifest, staging.files, by);
        } finally {
          await staging.remove();
        }
      },
      abort: () => staging.remove(),
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

    /**
     * Deletes what uploads that never finished left: staged files of a process that is gone, and chunks (of an
     * upload cut off while its files were stored) a day on; gives their space back.
     */
    async sweepUploads() {
      await sweepStaging(24 * 60 * 60_000);
      await storage.sweep(24 * 60 * 60_000);
      await storage.reclaim();
    },
  };
}
