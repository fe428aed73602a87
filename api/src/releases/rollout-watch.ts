/**
 * Every few seconds, on every instance: this instance's browser reports go into the database, then each running
 * rollout is judged by everyone's counts. One whose error rate passed the active version's by the margin, over
 * at least the minimum of page loads, is stopped — by whichever instance sees it first (the stop is
 * compare-and-set on the version) — and the audit log says why, with the figures. The other instances read the
 * change with the active releases, within a second; every browser gets the earlier version at its next load.
 */
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_AREAS } from '@btls/build-config/remotes';
import type { Metrics } from '../metrics';
import { AUTOMATIC_ACTOR, type Audit } from './audit';
import type { ClientReports } from './client-reports';
import { rollbackReason, rolloutFigures, type RollbackRule } from './rollout';
import type { ReleaseStore } from './store';

/** How often reports are written and rollouts judged: a bad rollout stops well within a minute. */
export const WATCH_INTERVAL_MS = 5_000;

export function watchRollouts(options: {
  store: ReleaseStore;
  reports: ClientReports;
  audit: Audit;
  rule: RollbackRule;
  metrics: Metrics;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { store, reports, audit, rule, log } = options;
  let running: Promise<void> | undefined;

  async function judge(): Promise<void> {
    await reports.flush();
    const active = await store.activeReleases();
    for (const area of REMOTE_AREAS) {
      const release = active.get(area);
      if (!release?.rollout) continue;
      const figures = await rolloutFigures(store, area, release.version, release.rollout);
      const reason = rollbackReason(figures, rule);
      if (!reason) continue;
      const stopped = await store.stopRollout(area, release.rollout.version);
      // Another instance stopped it first: it wrote the entry.
      if (!stopped) continue;
      options.metrics.automaticRollbacks.inc({ area });
      await audit.record({
        actor: AUTOMATIC_ACTOR,
        area,
        action: 'automatic-rollback',
        from: stopped.version,
        to: stopped.active,
        reason,
      });
      log.warn({ area, version: stopped.version, active: stopped.active, ...figures }, `Rollout stopped: ${reason}`);
    }
  }

  /** One round now (tests, and the close); rounds never overlap. */
  const round = () => {
    running ??= judge()
      .catch((error: unknown) => log.warn({ err: error }, 'Judging the rollouts failed; the next round tries again'))
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void round(), options.intervalMs ?? WATCH_INTERVAL_MS);
  timer.unref();
  return {
    round,
    /** Stops the rounds after writing what is pending. */
    async close() {
      clearInterval(timer);
      await running;
      await reports.flush().catch(() => undefined);
    },
  };
}
