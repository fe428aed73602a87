/**
 * What an area may keep stored, and the deletion of releases: room made for a new release in its quota (its
 * oldest go first), and prunes beyond the newest few. Never the active release nor the one rolling out.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import type { Db } from '../../db/client';
import { releaseAreas, releases } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { compressible } from '../compressed';
import { CHUNK_BYTES, type FileStorage } from '../file-storage';
import { inUse, lockArea } from './area-row';

/** Versions per area a prune always keeps (besides the active one). */
export const MIN_KEPT_RELEASES = 5;

/** What one area may keep stored: releases and bytes. */
export interface ReleaseQuota {
  releases: number;
  bytes: number;
}
export const DEFAULT_QUOTA: ReleaseQuota = { releases: 50, bytes: 500 * 1024 * 1024 };

/** What the area's quota and prunes read and write with: the database, or a transaction of it. */
type On = Pick<Db, 'select' | 'selectDistinct' | 'delete'>;

/**
 * What a release takes stored besides its files' bytes (measured on PGlite, rounded up): each chunk's row and its
 * index entry (about 200 bytes), each file's `release_files` row and each compressed copy's row with their index
 * entries (about 370), and, for bytes held out of line, TOAST's rows of 2 KB with their index (about a twentieth of
 * them: a sixteenth is counted).
 */
const CHUNK_ROW_BYTES = 256;
const FILE_ROW_BYTES = 512;
const TOAST_SHARE = 16;

/**
 * What a release's files of these paths and sizes will take stored, at most: their bytes, and for a text file its
 * two compressed copies (compressed.ts), counted as large as the file (what a file that does not compress gives).
 * Once stored, a release is counted by what it takes (storedOf): TOAST may compress, and copies are smaller.
 */
export function storedSizeOf(files: { path: string; size: number }[]) {
  const held = (size: number) => size + Math.ceil(size / TOAST_SHARE);
  let bytes = 0;
  for (const { path, size } of files) {
    bytes += held(size) + Math.max(1, Math.ceil(size / CHUNK_BYTES)) * CHUNK_ROW_BYTES + FILE_ROW_BYTES;
    if (compressible(path, size)) bytes += 2 * (held(size) + FILE_ROW_BYTES);
  }
  return bytes;
}

/**
 * The area's stored releases, oldest first, with the bytes each takes in the database: its chunks and compressed
 * copies as stored (pg_column_size: after TOAST's compression) and the rows around them, not the sizes its
 * manifest declares: a release of many small files takes far more than their bytes, and the quota is there for
 * the disk.
 */
async function storedOf(area: string, on: On) {
  // (Written out: drizzle names a column of the outer table without its table inside a subquery.)
  const ofRelease = (table: string) => sql.raw(`${table}.area = releases.area and ${table}.version = releases.version`);
  const held = (column: string) => sql.raw(`pg_column_size(${column}) + pg_column_size(${column}) / ${TOAST_SHARE}`);
  return on
    .select({
      version: releases.version,
      bytes: sql<number>`(select coalesce(sum(${held('chunk.bytes')} + ${CHUNK_ROW_BYTES}), 0)::bigint
          from release_file_chunks chunk
          where chunk.upload in (select file.upload from release_files file where ${ofRelease('file')}))
        + (select count(*) * ${FILE_ROW_BYTES} from release_files file where ${ofRelease('file')})
        + (select coalesce(sum(${held('copy.bytes')} + ${FILE_ROW_BYTES}), 0)::bigint
          from release_file_encodings copy where ${ofRelease('copy')})`.mapWith(Number),
    })
    .from(releases)
    .where(eq(releases.area, area))
    .orderBy(asc(releases.releasedAt), asc(releases.version));
}

export function createQuota(db: Db, storage: FileStorage, quota: ReleaseQuota) {
  /** Deletes one release and its files (in the caller's transaction). */
  async function drop(area: string, version: string, on: On) {
    await storage.drop(on, area, version);
    await on.delete(releases).where(and(eq(releases.area, area), eq(releases.version, version)));
  }

  /** The 413 of a release that cannot fit the area's quota. */
  const quotaPassed = (count: number, total: number, bytes: number) =>
    new HttpError(
      413,
      codedWith('release.quotaPassed', {
        releases: count,
        megabytes: Math.ceil(total / 1048576),
        size: Math.ceil(bytes / 1048576),
        quotaReleases: quota.releases,
        quotaMegabytes: Math.floor(quota.bytes / 1048576),
      }),
    );

  /**
   * The area's releases that go to make room for a release of `bytes` (its oldest, never one of `keep`, nor the
   * newest MIN_KEPT_RELEASES), until it fits; refused (413) when it cannot.
   */
  async function going(area: string, keep: Set<string>, bytes: number, on: On) {
    const stored = await storedOf(area, on);
    const newest = new Set(stored.slice(-MIN_KEPT_RELEASES).map((release) => release.version));
    let count = stored.length;
    let total = stored.reduce((sum, release) => sum + release.bytes, 0);
    const versions: string[] = [];
    for (const release of stored) {
      if (count + 1 <= quota.releases && total + bytes <= quota.bytes) break;
      if (keep.has(release.version) || newest.has(release.version)) continue;
      versions.push(release.version);
      count -= 1;
      total -= release.bytes;
    }
    if (count + 1 > quota.releases || total + bytes > quota.bytes) throw quotaPassed(count, total, bytes);
    return versions;
  }

  return {
    /** Refuses (413) a release larger than the whole quota, before a byte of it is read. */
    refuseLargerThanQuota(bytes: number) {
      if (bytes > quota.bytes) throw quotaPassed(0, 0, bytes);
    },

    /**
     * Refuses (413) a release of `bytes` that no room can be made for, before it is stored: a refused release
     * never reaches the database. (Not under the area's lock: makeRoom decides, in the transaction that stores it.)
     */
    async refuseWithoutRoom(area: string, bytes: number) {
      const [row] = await db.select().from(releaseAreas).where(eq(releaseAreas.area, area));
      await going(area, inUse(row), bytes, db);
    },

    /**
     * Makes room in the area's quota for a release of `bytes`, in the transaction that stores it, under the area's
     * lock: its oldest releases go until it fits (`going`); refused (413) when it cannot, and then nothing went.
     * Answers how many went (their space is given back once the transaction is over: storage.reclaim).
     */
    async makeRoom(tx: On & Pick<Db, 'insert'>, area: string, bytes: number): Promise<number> {
      const versions = await going(area, inUse(await lockArea(tx, area)), bytes, tx);
      for (const version of versions) await drop(area, version, tx);
      return versions.length;
    },

    /**
     * Deletes releases beyond the newest `keep` of each area (never fewer than 5, never the active one nor one
     * rolling out).
     */
    async prune(keep: number): Promise<number> {
      const kept = Math.max(keep, MIN_KEPT_RELEASES);
      const rows = await db
        .select({ area: releases.area, version: releases.version })
        .from(releases)
        .orderBy(asc(releases.area), desc(releases.releasedAt), desc(releases.version));
      const doomed: { area: string; version: string }[] = [];
      for (const area of new Set(rows.map((row) => row.area)))
        for (const row of rows.filter((item) => item.area === area).slice(kept))
          doomed.push({ area: row.area, version: row.version });
      let count = 0;
      for (const { area, version } of doomed)
        count += await db.transaction(async (tx) => {
          // Under the area's lock: a version activated or rolled out meanwhile stays.
          if (inUse(await lockArea(tx, area)).has(version)) return 0;
          await drop(area, version, tx);
          return 1;
        });
      if (count) await storage.reclaim();
      return count;
    },
  };
}
export type Quota = ReturnType<typeof createQuota>;
