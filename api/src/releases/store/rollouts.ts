/**
 * Serving a newer release to a share of browsers beside the active one: started (with the counts both versions
 * had then), stepped along a staged plan, and stopped. Each takes turns on the area's row.
 */
import { and, eq } from 'drizzle-orm';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { codedWith } from '@btls/shared-api/codes';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../../db/client';
import { clientErrorCounts, releaseAreas } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { ActiveReleases, Baseline, StagePlan } from './active';
import { lockArea, NO_ROLLOUT, stillStored } from './area-row';
import type { Compatibility } from './compatibility';

export function createRollouts(
  db: Db,
  active: Pick<ActiveReleases, 'reload'>,
  compatibility: Pick<Compatibility, 'refuseIncompatible'>,
) {
  /** An area version's counts as every instance reported them so far. */
  async function countsOf(
    area: string,
    version: string,
    on: Pick<Db, 'select'> = db,
  ): Promise<{ loads: number; errors: number }> {
    const [row] = await on
      .select({ loads: clientErrorCounts.loads, errors: clientErrorCounts.errors })
      .from(clientErrorCounts)
      .where(and(eq(clientErrorCounts.area, area), eq(clientErrorCounts.version, version)))
      .limit(1);
    return row ?? { loads: 0, errors: 0 };
  }

  return {
    countsOf,

    /**
     * Serves `version` to `percent` % of browsers besides the active release, after the same checks as an
     * activation. A running rollout of the same version changes its share (its figures run on); of another
     * version, it is refused: promote or stop it first. Compare-and-set on the active version like activate.
     * With `stages`, the share grows on its own (rollout-watch.ts); a share given by hand ends the plan.
     */
    async startRollout(
      area: RemoteArea,
      version: string,
      percent: number,
      by: string,
      expected?: string | null,
      stages?: StagePlan,
    ) {
      await compatibility.refuseIncompatible(area, version);
      const outcome = await db.transaction(async (tx) => {
        const row = await lockArea(tx, area);
        await stillStored(tx, area, version);
        const current = row?.activeVersion ?? null;
        if (!current) throw conflict(texts.release.rolloutNeedsActive);
        if (expected !== undefined && expected !== current)
          throw conflict(codedWith('release.changedMeanwhile', { active: current }));
        if (current === version) throw conflict(codedWith('release.rolloutIsActive', { version }));
        if (row?.rolloutVersion && row.rolloutVersion !== version)
          throw conflict(codedWith('release.rolloutRunning', { version: row.rolloutVersion }));
        const same = row?.rolloutVersion === version;
        const started = same && row?.rolloutStartedAt ? row.rolloutStartedAt : new Date();
        let baseline = row?.rolloutBaseline ?? null;
        if (!same) {
          // (Read inside the transaction: its connection is the one a single-connection database has.)
          const before = await countsOf(area, current, tx);
          const now = await countsOf(area, version, tx);
          baseline = JSON.stringify({
            activeLoads: before.loads,
            activeErrors: before.errors,
            loads: now.loads,
            errors: now.errors,
          } satisfies Baseline);
        }
        await tx
          .update(releaseAreas)
          .set({
            rolloutVersion: version,
            rolloutPercent: percent,
            rolloutBy: same ? row!.rolloutBy : by,
            rolloutStartedAt: started,
            rolloutBaseline: baseline,
            rolloutStages: stages ? JSON.stringify(stages.next) : null,
            rolloutEverySeconds: stages?.everySeconds ?? null,
            rolloutStageBrowsers: stages?.browsers ?? null,
            rolloutStageAt: new Date(),
          })
          .where(eq(releaseAreas.area, area));
        return { area, version, percent, active: current, changed: same };
      });
      await active.reload();
      return outcome;
    },

    /**
     * Ends the area's rollout (the active release serves everyone again); with `only`, only a rollout of that
     * version (an automatic rollback must not stop the rollout a person started meanwhile). The version stopped,
     * or null when none ran: of two instances stopping one rollout, one gets it.
     */
    async stopRollout(area: RemoteArea, only?: string): Promise<{ version: string; active: string | null } | null> {
      const stopped = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(releaseAreas).where(eq(releaseAreas.area, area)).for('update');
        if (!row?.rolloutVersion || (only !== undefined && row.rolloutVersion !== only)) return null;
        await tx.update(releaseAreas).set(NO_ROLLOUT).where(eq(releaseAreas.area, area));
        return { version: row.rolloutVersion, active: row.activeVersion };
      });
      await active.reload();
      return stopped;
    },

    /**
     * A staged rollout's next share, when it still runs as `from` (version and share) had it: of two instances
     * stepping one rollout, one does. The share now, and the stages left; null when it changed meanwhile.
     */
    async stepRollout(area: RemoteArea, from: { version: string; percent: number }) {
      const stepped = await db.transaction(async (tx) => {
        const row = await lockArea(tx, area);
        if (!row || row.rolloutVersion !== from.version || row.rolloutPercent !== from.percent || !row.rolloutStages)
          return null;
        const [percent, ...next] = JSON.parse(row.rolloutStages) as number[];
        if (percent === undefined || percent >= 100) return null;
        await tx
          .update(releaseAreas)
          .set({ rolloutPercent: percent, rolloutStages: JSON.stringify(next), rolloutStageAt: new Date() })
          .where(eq(releaseAreas.area, area));
        return { percent, next };
      });
      await active.reload();
      return stepped;
    },
  };
}
