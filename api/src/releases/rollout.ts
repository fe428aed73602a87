/**
 * A gradual rollout: a new version of an area served to a share of browsers while the others keep the active
 * one. Each browser draws a bucket, 1–100, once, kept in a first-party cookie: a bucket at most the rollout's
 * percent gets the new version, so a browser keeps its version over reloads and a larger share only adds
 * browsers. `/remotes.json`, the server render, the page cache and the service worker all follow the bucket.
 */
import { randomInt } from 'node:crypto';
import { cookieValue } from '@btls/shared-api/cookies';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { ActiveRelease, Baseline, ReleaseStore, Rollout } from './store';

/** The cookie that keeps a browser's bucket (a year: a rollout may run for days, the bucket outlives it). */
export const BUCKET_COOKIE = 'btlsBucket';
export const BUCKET_MAX_AGE = 365 * 24 * 60 * 60;

/** The bucket of a request's cookie, when it holds a valid one. */
export function bucketOf(cookie: string | undefined): number | undefined {
  const text = cookieValue(cookie, BUCKET_COOKIE);
  if (!text || !/^\d{1,3}$/.test(text)) return undefined;
  const bucket = Number(text);
  return bucket >= 1 && bucket <= 100 ? bucket : undefined;
}

export const drawBucket = () => randomInt(1, 101);

/** Whether any area has a rollout running: only then does a browser need a bucket. */
export const anyRollout = (active: Map<RemoteArea, ActiveRelease>) =>
  [...active.values()].some((release) => release.rollout);

/** The areas whose rollout version this bucket gets (area → version); the others keep their active release. */
export function rolloutChoice(
  active: Map<RemoteArea, ActiveRelease>,
  bucket: number | undefined,
): Partial<Record<RemoteArea, string>> {
  const chosen: Partial<Record<RemoteArea, string>> = {};
  if (bucket === undefined) return chosen;
  for (const [area, release] of active)
    if (release.rollout && bucket <= release.rollout.percent) chosen[area] = release.rollout.version;
  return chosen;
}

/** What `rolloutChoice` chose, as one key for the caches (`public@1.2.0+…`, or '' for the active releases). */
export const choiceKey = (chosen: Partial<Record<RemoteArea, string>>) =>
  Object.entries(chosen)
    .map(([area, version]) => `${area}@${version}`)
    .sort()
    .join(' ');

export interface RolloutFigures {
  /** The rollout's version since it started: page loads, errors, errors per load. */
  loads: number;
  errors: number;
  rate: number;
  /** The active version over the same time. */
  activeLoads: number;
  activeErrors: number;
  activeRate: number;
}

const rateOf = (errors: number, loads: number) => (loads > 0 ? errors / loads : 0);

/** Both versions' loads and errors since the rollout started (the counts of every instance, from the database). */
export async function rolloutFigures(
  store: Pick<ReleaseStore, 'countsOf'>,
  area: RemoteArea,
  activeVersion: string,
  rollout: Pick<Rollout, 'version' | 'baseline'>,
): Promise<RolloutFigures> {
  const [now, active] = await Promise.all([store.countsOf(area, rollout.version), store.countsOf(area, activeVersion)]);
  const given: Partial<Baseline> = rollout.baseline;
  const base: Baseline = {
    activeLoads: given.activeLoads ?? 0,
    activeErrors: given.activeErrors ?? 0,
    loads: given.loads ?? 0,
    errors: given.errors ?? 0,
  };
  const loads = Math.max(0, now.loads - base.loads);
  const errors = Math.max(0, now.errors - base.errors);
  const activeLoads = Math.max(0, active.loads - base.activeLoads);
  const activeErrors = Math.max(0, active.errors - base.activeErrors);
  return {
    loads,
    errors,
    rate: rateOf(errors, loads),
    activeLoads,
    activeErrors,
    activeRate: rateOf(activeErrors, activeLoads),
  };
}

export interface RollbackRule {
  /** The rollout's page loads before its rate is judged (BTLS_ROLLBACK_MIN_LOADS). */
  minLoads: number;
  /** How far above the active version's error rate the rollout's may be (BTLS_ROLLBACK_MARGIN, 0–1). */
  margin: number;
}

/**
 * Why the rule stops a rollout, in words with its figures, or null while it may run on: at least `minLoads`
 * page loads, and an error rate above the active version's by more than the margin.
 */
export function rollbackReason(figures: RolloutFigures, rule: RollbackRule): string | null {
  if (figures.loads < rule.minLoads) return null;
  if (figures.rate <= figures.activeRate + rule.margin) return null;
  const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
  return (
    `error rate ${percent(figures.rate)} (${figures.errors} errors in ${figures.loads} page loads) against ` +
    `${percent(figures.activeRate)} for the active version (${figures.activeErrors} in ${figures.activeLoads}); ` +
    `the rule allows ${percent(rule.margin)} more after ${rule.minLoads} page loads`
  );
}

/**
 * The rule's defaults. A rollout is judged after 20 of its page loads: fewer, and one phone losing its signal
 * mid-load is already 5 % or more. Its error rate may pass the active version's by 10 percentage points: at 20
 * loads that is three failures more than the active version's share, a pattern rather than a bad connection,
 * while an area that breaks on load (every load fails) is stopped at its twentieth load.
 */
export const DEFAULT_ROLLBACK: RollbackRule = { minLoads: 20, margin: 0.1 };
