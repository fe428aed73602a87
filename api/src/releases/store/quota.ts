/**
 * What an area may keep stored, and the deletion of releases: room made for a new release in its quota (its
 * oldest go first), and prunes beyond the newest few. Never the active release nor the one rolling out.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import type { Db } from '../../db/client';
import { releases } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../file-storage';
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

/** The area's stored releases, oldest first, with their bytes. */
async function storedOf(area: string, on: On) {
  return on
    .select({
      version: releases.version,
      // (Written out: drizzle names a column of the outer table without its table inside a subquery.)
      bytes: sql<number>`(select coalesce(sum(file.size), 0)::bigint from release_files file
        where file.area = releases.area and file.version = releases.version)`.mapWith(Number),
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

  return {
    /** Refuses (413) a release larger than the whole quota, before a byte of it is read. */
    refuseLargerThanQuota(declared: number) {
      if (declared > quota.bytes) throw quotaPassed(0, 0, declared);
    },

    /**
     * Makes room in the area's quota for a release of `bytes`, in the transaction that stores it, under the area's
     * lock: its oldest releases go (never the active one, the one rolling out, nor the newest MIN_KEPT_RELEASES)
     * until it fits; refused (413) when it cannot, and then nothing went.
     */
    async makeRoom(tx: On & Pick<Db, 'insert'>, area: string, bytes: number) {
      const keep = inUse(await lockArea(tx, area));
      const stored = await storedOf(area, tx);
      const newest = new Set(stored.slice(-MIN_KEPT_RELEASES).map((release) => release.version));
      let count = stored.length;
      let total = stored.reduce((sum, release) => sum + release.bytes, 0);
      const going: string[] = [];
      for (const release of stored) {
        if (count + 1 <= quota.releases && total + bytes <= quota.bytes) break;
        if (keep.has(release.version) || newest.has(release.version)) continue;
        going.push(release.version);
        count -= 1;
        total -= release.bytes;
      }
      if (count + 1 > quota.releases || total + bytes > quota.bytes) throw quotaPassed(count, total, bytes);
      for (const version of going) await drop(area, version, tx);
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
      return count;
    },
  };
}
export type Quota = ReturnType<typeof createQuota>;
