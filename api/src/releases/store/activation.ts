/**
 * Making a release the area's active one: by a person or a token (compare-and-set on the version they saw), a
 * staged rollout's last step, a rollback to the version active before, and this server's own build at start.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { codedWith } from '@btls/shared-api/codes';
import type { ReleaseManifest } from '@btls/build-config/release';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../../db/client';
import { releaseActivations, releaseAreas, releases } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import type { Audit } from '../audit';
import type { ActiveReleases } from './active';
import { lockArea, NO_ROLLOUT, stillStored } from './area-row';
import type { Compatibility } from './compatibility';

export function createActivation(
  db: Db,
  active: Pick<ActiveReleases, 'forget' | 'reload'>,
  compatibility: Pick<Compatibility, 'refuseIncompatible'>,
  save: (manifest: ReleaseManifest, files: Map<string, Uint8Array>, by: string) => Promise<{ created: boolean }>,
  audit: Audit | undefined,
) {
  /**
   * Makes `version` the area's active release, after its checks. Compare-and-set: with `expected` (the active
   * version the caller saw; null for none) it is refused when another became active meanwhile. Two
   * activations of one area take turns on its row; two areas do not wait for each other.
   */
  async function activate(
    area: RemoteArea,
    version: string,
    by: string,
    expected?: string | null,
    /** A staged rollout's last step: only while it still runs as the rule last saw it (not stopped, not changed). */
    rolling?: { percent: number },
  ) {
    await compatibility.refuseIncompatible(area, version);
    const previous = await db.transaction(async (tx) => {
      const row = await lockArea(tx, area);
      await stillStored(tx, area, version);
      const current = row?.activeVersion ?? null;
      if (expected !== undefined && expected !== current)
        throw conflict(codedWith('release.changedMeanwhile', { active: current ?? 'none' }));
      if (
        rolling &&
        (row?.rolloutVersion !== version || row.rolloutPercent !== rolling.percent || row.rolloutStages === null)
      )
        throw conflict(texts.release.noRollout);
      // Everyone gets it now: a rollout that ran ends with it.
      await tx
        .update(releaseAreas)
        .set({ activeVersion: version, activatedBy: by, activatedAt: new Date(), ...NO_ROLLOUT })
        .where(eq(releaseAreas.area, area));
      await tx.insert(releaseActivations).values({ area, version, previousVersion: current, activatedBy: by });
      return current;
    });
    // Read at once: this instance's next page allows the new release's origin (and no longer the old one).
    await active.reload();
    return { area, version, previous };
  }

  return {
    activate,

    /**
     * The version a rollback of the area goes back to: the one active before the current one; and whether that is
     * really going back, or forward again: the current version was active before the previous one was (a rollback
     * made it current, so rolling "back" would undo the rollback and is an activation like any other).
     */
    async previousVersion(
      area: RemoteArea,
    ): Promise<{ current: string | null; previous: string; forwardAgain: boolean }> {
      const [row] = await db.select().from(releaseAreas).where(eq(releaseAreas.area, area)).limit(1);
      const current = row?.activeVersion ?? null;
      const [last] = await db
        .select()
        .from(releaseActivations)
        .where(and(eq(releaseActivations.area, area), current ? eq(releaseActivations.version, current) : sql`false`))
        .orderBy(desc(releaseActivations.id))
        .limit(1);
      if (!last?.previousVersion) throw conflict(texts.release.nothingToRollBack);
      const [previousRun] = await db
        .select({ id: releaseActivations.id })
        .from(releaseActivations)
        .where(
          and(
            eq(releaseActivations.area, area),
            eq(releaseActivations.version, last.previousVersion),
            lt(releaseActivations.id, last.id),
          ),
        )
        .orderBy(desc(releaseActivations.id))
        .limit(1);
      const [currentBefore] = previousRun
        ? await db
            .select({ id: releaseActivations.id })
            .from(releaseActivations)
            .where(
              and(
                eq(releaseActivations.area, area),
                eq(releaseActivations.version, current!),
                lt(releaseActivations.id, previousRun.id),
              ),
            )
            .limit(1)
        : [];
      return { current, previous: last.previousVersion, forwardAgain: currentBefore !== undefined };
    },

    /**
     * This server's own build of an area (its dist/ with release.json), stored at start. It becomes active when
     * the area has none, or when the active one is an earlier local build: an area a team released through
     * the API keeps its release.
     */
    async adoptLocalBuild(
      manifest: ReleaseManifest,
      readFiles: () => Map<string, Uint8Array>,
    ): Promise<'activated' | 'stored' | 'known'> {
      // Read and hashed only the first time: a restart with the same build touches none of its files.
      const [stored] = await db
        .select({ version: releases.version })
        .from(releases)
        .where(and(eq(releases.area, manifest.area), eq(releases.version, manifest.version)))
        .limit(1);
      const { created } = stored ? { created: false } : await save(manifest, readFiles(), 'local');
      if (created) await audit?.record({ actor: 'local', area: manifest.area, action: 'upload', to: manifest.version });
      // Whatever this start finds, the next page reads the areas afresh: what this instance read while checking
      // the build may predate another instance's adoption at the same start (an area missing for up to a second).
      active.forget();
      const [row] = await db.select().from(releaseAreas).where(eq(releaseAreas.area, manifest.area)).limit(1);
      const current = row?.activeVersion ?? null;
      if (current === manifest.version) return 'known';
      if (current !== null && row?.activatedBy !== 'local') return created ? 'stored' : 'known';
      try {
        await activate(manifest.area, manifest.version, 'local', current);
        await audit?.record({
          actor: 'local',
          area: manifest.area,
          action: 'activate',
          from: current,
          to: manifest.version,
        });
      } catch (error) {
        // Another instance adopted it (or another build) meanwhile.
        if (error instanceof HttpError && error.statusCode === 409 && error.code === 'release.changedMeanwhile') {
          active.forget();
          return 'known';
        }
        throw error;
      }
      return 'activated';
    },
  };
}
