/**
 * Every few seconds, on every instance: this instance's counts of browser reports go into the database, then each
 * running rollout is judged by everyone's browsers (regression.ts). One the rule finds worse than the active
 * version is stopped — by whichever instance sees it first (the stop is compare-and-set on the version) — and
 * the audit log says why, with the figures. A staged rollout whose stage has had its time and its browsers, with
 * no regression found, grows to its next share (the last, 100 %, promotes it); each step is in the audit log.
 * The other instances read the change with the active releases, within a second; every browser gets its version
 * at its next load.
 */
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_AREAS, type RemoteArea } from '@btls/build-config/remotes';
import type { Metrics } from '../metrics';
import { AUTOMATIC_ACTOR, type Audit } from './audit';
import type { ClientReports } from './client-reports';
import { judge, regressionWords, type RegressionRule } from './regression';
import { newBrowsersSince, rolloutBrowsers } from './rollout';
import type { ActiveRelease, ReleaseStore, Rollout } from './store';

/** How often reports are written and rollouts judged: a bad rollout stops well within a minute. */
export const WATCH_INTERVAL_MS = 5_000;
/** Used tickets and the browsers of ended rollouts are swept this often. */
const SWEEP_EVERY_MS = 60_000;

export function watchRollouts(options: {
  store: ReleaseStore;
  reports: ClientReports;
  audit: Audit;
  rule: RegressionRule;
  metrics: Metrics;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** The clock stages are timed by (a test's own). */
  now?: () => number;
}) {
  const { store, reports, audit, rule, log, metrics } = options;
  const now = options.now ?? Date.now;
  let running: Promise<void> | undefined;
  let sweptAt = 0;

  async function stop(area: RemoteArea, rollout: Rollout, reason: string, figures: object) {
    const stopped = await store.stopRollout(area, rollout.version);
    // Another instance stopped it first: it wrote the entry.
    if (!stopped) return;
    metrics.automaticRollbacks.inc({ area });
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

  /** A stage that has had its time and its browsers, with no regression found, gives way to the next. */
  async function step(release: ActiveRelease & { rollout: Rollout }) {
    const { area, rollout } = release;
    const plan = rollout.stages;
    if (!plan?.next.length) return;
    const stageMs = now() - rollout.stageStartedAt.getTime();
    if (stageMs < plan.everySeconds * 1000) return;
    const browsers = await newBrowsersSince(store.db, area, rollout, rollout.stageStartedAt);
    if (browsers < plan.browsers) return;
    const why =
      `${browsers} browsers on ${rollout.version} in ${Math.round(stageMs / 1000)} s at ${rollout.percent}%, ` +
      'no regression found';
    if (plan.next[0]! >= 100) {
      const done = await store
        .activate(area, rollout.version, AUTOMATIC_ACTOR, release.version, { percent: rollout.percent })
        // Stopped, changed or promoted meanwhile (by a person, or another instance): nothing to do.
        .catch((error: unknown) => log.info({ err: error, area }, 'A staged rollout was not promoted'));
      if (!done) return;
      metrics.rolloutStages.inc({ area });
      await audit.record({
        actor: AUTOMATIC_ACTOR,
        area,
        action: 'promote',
        from: done.previous,
        to: rollout.version,
        reason: `last stage, 100% of browsers: ${why}`,
      });
      return;
    }
    const stepped = await store.stepRollout(area, { version: rollout.version, percent: rollout.percent });
    if (!stepped) return;
    metrics.rolloutStages.inc({ area });
    await audit.record({
      actor: AUTOMATIC_ACTOR,
      area,
      action: 'stage',
      from: release.version,
      to: rollout.version,
      reason: `${stepped.percent}% of browsers: ${why}`,
    });
  }

  async function round(): Promise<void> {
    await reports.flush();
    const active = await store.activeReleases();
    for (const area of REMOTE_AREAS) {
      const release = active.get(area);
      const rollout = release?.rollout;
      if (!release || !rollout) continue;
      const figures = await rolloutBrowsers(store.db, area, release.version, rollout);
      const judgement = judge(figures, rule);
      if (judgement.state === 'regression')
        await stop(area, rollout, regressionWords(figures, judgement, rule), {
          browsers: figures.browsers,
          activeBrowsers: figures.activeBrowsers,
          trouble: judgement.trouble,
          evidence: judgement.evidence,
        });
      else if (judgement.state === 'clear') await step({ ...release, rollout });
    }
    if (now() - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now();
      await reports.sweep();
    }
  }

  /** One round now (tests, and the close); rounds never overlap. */
  const once = () => {
    running ??= round()
      .catch((error: unknown) => log.warn({ err: error }, 'Judging the rollouts failed; the next round tries again'))
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void once(), options.intervalMs ?? WATCH_INTERVAL_MS);
  timer.unref();
  return {
    round: once,
    /** Stops the rounds after writing what is pending. */
    async close() {
      clearInterval(timer);
      await running;
      await reports.flush().catch(() => undefined);
    },
  };
}
