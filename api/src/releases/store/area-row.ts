/**
 * The area's row in `release_areas`: its active version and rollout. What activates, rolls out or makes room in
 * an area takes turns on it.
 */
import { and, eq } from 'drizzle-orm';
import { codedWith } from '@btls/shared-api/codes';
import type { Db } from '../../db/client';
import { releaseAreas, releases } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The clearing of a rollout, for an update of an area's row. */
export const NO_ROLLOUT = {
  rolloutVersion: null,
  rolloutPercent: null,
  rolloutBy: null,
  rolloutStartedAt: null,
  rolloutBaseline: null,
  rolloutStages: null,
  rolloutEverySeconds: null,
  rolloutStageBrowsers: null,
  rolloutStageAt: null,
};

/**
 * The area's row, locked for the caller's transaction: what activates, rolls out or makes room in the area takes
 * turns on it, so a version chosen meanwhile is never one being deleted.
 */
export async function lockArea(tx: Pick<Db, 'insert' | 'select'>, area: string) {
  await tx.insert(releaseAreas).values({ area }).onConflictDoNothing();
  const [row] = await tx.select().from(releaseAreas).where(eq(releaseAreas.area, area)).for('update');
  return row;
}

/** Refuses (404) a version pruned since its checks: read under the area's lock, it cannot go meanwhile. */
export async function stillStored(tx: Pick<Db, 'select'>, area: string, version: string) {
  const [row] = await tx
    .select({ version: releases.version })
    .from(releases)
    .where(and(eq(releases.area, area), eq(releases.version, version)))
    .limit(1);
  if (!row) throw notFound(codedWith('release.notFound', { area, version }));
}

/** The versions a prune never deletes: the active one and the one rolling out. */
export const inUse = (row: { activeVersion: string | null; rolloutVersion: string | null } | undefined) =>
  new Set([row?.activeVersion, row?.rolloutVersion].filter((version): version is string => !!version));
