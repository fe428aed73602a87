/**
 * A candidate no browser was given yet (uploaded, never active, never rolled out) is its team's alone: its files
 * are served only to the browser trying it (on the trial origin, with a trial cookie whose valid ticket names it),
 * and only its own area's tokens and the admins see it listed. A version that browsers were given once (active,
 * rolled out to a share, then rolled back or replaced) stays served to everyone: pages that loaded it go on
 * working, and its files were public already.
 */
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { cookieValue } from '@btls/shared-api/cookies';
import { RELEASE_TRIAL_KEY } from '@btls/shared-api/release-trial';
import type { Db } from '../db/client';
import { releaseActivations, releaseAreas, releaseAudit } from '../db/schema';
import type { Trials } from './trial';
import type { TrialOrigin } from './trial-origin';

/**
 * The versions browsers were given (`area@version`): each area's active and rolled-out ones, every version made
 * active (the activations) and every version rolled out (the audit log's rollouts).
 */
export async function servedVersions(db: Db): Promise<Set<string>> {
  const [areas, activated, rolledOut] = await Promise.all([
    db.select().from(releaseAreas),
    db.selectDistinct({ area: releaseActivations.area, version: releaseActivations.version }).from(releaseActivations),
    db
      .selectDistinct({ area: releaseAudit.area, version: releaseAudit.toVersion })
      .from(releaseAudit)
      .where(eq(releaseAudit.action, 'rollout')),
  ]);
  return new Set(
    [
      ...areas.flatMap((row) => [
        { area: row.area, version: row.activeVersion },
        { area: row.area, version: row.rolloutVersion },
      ]),
      ...activated,
      ...rolledOut,
    ]
      .filter((row) => row.version !== null)
      .map((row) => `${row.area}@${row.version}`),
  );
}

/** Whether browsers were given `area@version` (see servedVersions), in one statement. */
export async function wasServed(db: Db, area: string, version: string): Promise<boolean> {
  const result = (await db.execute(sql`select (
    exists (select 1 from ${releaseAreas} where ${releaseAreas.area} = ${area}
      and (${releaseAreas.activeVersion} = ${version} or ${releaseAreas.rolloutVersion} = ${version}))
    or exists (select 1 from ${releaseActivations} where ${releaseActivations.area} = ${area}
      and ${releaseActivations.version} = ${version})
    or exists (select 1 from ${releaseAudit} where ${releaseAudit.area} = ${area}
      and ${releaseAudit.action} = 'rollout' and ${releaseAudit.toVersion} = ${version})
  ) as served`)) as unknown as { rows: { served: boolean }[] };
  return result.rows[0]?.served === true;
}

export function createCandidateGate({ db, trials, trialOrigin }: { db: Db; trials: Trials; trialOrigin: TrialOrigin }) {
  // Once given to browsers, a version is for good: remembered, not read again.
  const served = new Set<string>();
  return {
    /**
     * Who may have the files of `area@version` for this request: everyone (`public`), this browser alone
     * (`trial`: no shared cache may keep them), or no one (false).
     */
    async readers(request: FastifyRequest, area: string, version: string): Promise<'public' | 'trial' | false> {
      const key = `${area}@${version}`;
      if (served.has(key)) return 'public';
      if (await wasServed(db, area, version)) {
        served.add(key);
        return 'public';
      }
      if (!trialOrigin.isTrial(request)) return false;
      // The same reading as the pages': a cookie of one candidate, or none tried.
      const tried = await trials.single(cookieValue(request.headers.cookie, RELEASE_TRIAL_KEY));
      return tried?.area === area && tried.version === version && 'trial';
    },
  };
}

export type CandidateGate = ReturnType<typeof createCandidateGate>;
