/**
 * The bytes of releases' files, in the database (every instance serves every release), written once the release is
 * checked whole (its files wait on disk until then: staging.ts): a file is hashed and stored a chunk at a time
 * under the upload that brings it, so storing a 50 MB release holds a chunk in memory, never the release, and no
 * statement carries more than a chunk. A file belongs to a release once the release is stored (its
 * `release_files` row names the upload); the chunks of an upload that did not end so are deleted by it, or swept
 * later. Deleted chunks' space is given back (`reclaim`): PGlite would keep it otherwise.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { vacuum, type Db } from '../db/client';
import { releaseFileChunks, releaseFileEncodings, releaseFiles } from '../db/schema';

/** What one statement writes at most. */
export const CHUNK_BYTES = 256 * 1024;

/** A file's bytes went past the size it was declared with: the rest was not read. */
export class SizePassed extends Error {}

export function createFileStorage(db: Db) {
  return {
    newUpload: () => randomUUID(),

    /**
     * Stores one file of `upload` as its bytes arrive, at most `max` of them (past that, SizePassed and the
     * source is left); answers its Subresource Integrity hash and size.
     */
    async write(
      upload: string,
      path: string,
      source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
      max: number,
    ): Promise<{ integrity: string; size: number }> {
      const hash = createHash('sha384');
      let size = 0;
      let seq = 0;
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const bytes = new Uint8Array(Buffer.concat(pending, pendingBytes));
        pending = [];
        pendingBytes = 0;
        // Hashed as stored: the hash says what the database holds, whatever the source does with its buffers.
        hash.update(bytes);
        await db.insert(releaseFileChunks).values({ upload, path, seq: seq++, bytes });
      };
      for await (const piece of source) {
        size += piece.length;
        if (size > max) throw new SizePassed(`${path} is larger than ${max} bytes`);
        for (let at = 0; at < piece.length;) {
          const taken = piece.subarray(at, at + CHUNK_BYTES - pendingBytes);
          pending.push(taken);
          pendingBytes += taken.length;
          at += taken.length;
          if (pendingBytes === CHUNK_BYTES) await flush();
        }
      }
      await flush();
      return { integrity: `sha384-${hash.digest('base64')}`, size };
    },

    /** A stored file of a release, whole, or undefined. */
    async read(area: string, version: string, path: string): Promise<Uint8Array | undefined> {
      const [file] = await db
        .select({ upload: releaseFiles.upload, size: releaseFiles.size })
        .from(releaseFiles)
        .where(and(eq(releaseFiles.area, area), eq(releaseFiles.version, version), eq(releaseFiles.path, path)))
        .limit(1);
      if (!file) return undefined;
      const chunks = await db
        .select({ bytes: releaseFileChunks.bytes })
        .from(releaseFileChunks)
        .where(and(eq(releaseFileChunks.upload, file.upload), eq(releaseFileChunks.path, path)))
        .orderBy(asc(releaseFileChunks.seq));
      return new Uint8Array(
        Buffer.concat(
          chunks.map((chunk) => chunk.bytes),
          file.size,
        ),
      );
    },

    /** Each stored file of a release with its hash and the bytes its chunks hold (for the activation's check). */
    async stored(area: string, version: string) {
      return db
        .select({
          path: releaseFiles.path,
          integrity: releaseFiles.integrity,
          size: releaseFiles.size,
          // (Written out: drizzle names a column of the outer table without its table inside a subquery.)
          held: sql<number>`(select coalesce(sum(octet_length(chunk.bytes)), 0)::int from release_file_chunks chunk
            where chunk.upload = release_files.upload and chunk.path = release_files.path)`,
        })
        .from(releaseFiles)
        .where(and(eq(releaseFiles.area, area), eq(releaseFiles.version, version)));
    },

    /** Deletes the chunks of an upload that was not stored. */
    async forget(upload: string) {
      await db.delete(releaseFileChunks).where(eq(releaseFileChunks.upload, upload));
    },

    /** Deletes a release's files and their chunks (within the caller's transaction). */
    async drop(tx: Pick<Db, 'selectDistinct' | 'delete'>, area: string, version: string) {
      const uploads = tx
        .selectDistinct({ upload: releaseFiles.upload })
        .from(releaseFiles)
        .where(and(eq(releaseFiles.area, area), eq(releaseFiles.version, version)));
      await tx.delete(releaseFileChunks).where(inArray(releaseFileChunks.upload, uploads));
      await tx.delete(releaseFiles).where(and(eq(releaseFiles.area, area), eq(releaseFiles.version, version)));
    },

    /**
     * Gives the space of deleted files back to the database (after a release or an upload's chunks were deleted,
     * never on every request).
     */
    async reclaim() {
      await vacuum(db, releaseFileChunks);
      await vacuum(db, releaseFiles);
      // (A file's compressed copies are deleted with it: compressed.ts.)
      await vacuum(db, releaseFileEncodings);
    },

    /** Deletes chunks no stored file names, older than `ms` (an upload cut off, an instance that died mid-way). */
    async sweep(ms: number) {
      await db.delete(releaseFileChunks).where(
        and(
          lt(releaseFileChunks.createdAt, new Date(Date.now() - ms)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(releaseFiles)
              .where(eq(releaseFiles.upload, releaseFileChunks.upload)),
          ),
        ),
      );
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
