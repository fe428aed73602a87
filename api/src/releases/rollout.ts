/**
 * A gradual rollout: a new version of an area served to a share of browsers while the others keep the active
 * one. Each browser draws a bucket, 1–100, once, kept in a first-party cookie: a bucket at most the rollout's
 * percent gets the new version, so a browser keeps its version over reloads and a larger share only adds
 * browsers. `/remotes.json`, the server render, the page cache and the service worker all follow the bucket.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { cookieValue } from '@btls/shared-api/cookies';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../db/client';
import { rolloutBrowsers as browsersTable, rolloutTroubles as troublesTable } from '../db/schema';
import { TROUBLES, type RolloutBrowsers, type Trouble, type TroubledAt } from './regression';
import type { ActiveRelease, Baseline, ReleaseStore, Rollout } from './store';

/**
 * The cookie that keeps a browser's bucket (a year: a rollout may run for days, the bucket outlives it): the
 * number, when it was drawn, and the server's signature of both for this browser's id (load-tickets.ts), so a
 * bucket is always one the server drew — a browser cannot pick the version its reports speak for, only draw
 * again with a new id, and then it is a new browser again.
 */
export const BUCKET_COOKIE = 'btlsBucket';
export const BUCKET_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The cookie's bucket, time of draw (epoch seconds; none in a cookie written before draws were timed) and
 * signature, when it has that form (whether the signature holds is load-tickets.ts's).
 */
export function bucketCookieOf(
  cookie: string | undefined,
): { bucket: number; drawnAt?: number; signature: string } | undefined {
  const match = /^(\d{1,3})\.(?:([0-9a-z]{1,9})\.)?([\w-]{16})$/.exec(cookieValue(cookie, BUCKET_COOKIE) ?? '');
  if (!match) return undefined;
  const bucket = Number(match[1]);
  if (bucket < 1 || bucket > 100) return undefined;
  return { bucket, ...(match[2] ? { drawnAt: parseInt(match[2], 36) } : {}), signature: match[3]! };
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

/** Page loads and errors of both versions since the rollout started (shown; the rule weighs browsers). */
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

/**
 * Both versions' browsers since the rollout began, and those that had each kind of trouble, by the share they
 * loaded at: what the rule (regression.ts) weighs, from every instance's reports.
 */
export async function rolloutBrowsers(
  db: Db,
  area: RemoteArea,
  activeVersion: string,
  rollout: Pick<Rollout, 'version' | 'startedAt'>,
): Promise<RolloutBrowsers> {
  const of = (table: typeof browsersTable | typeof troublesTable) =>
    and(
      eq(table.area, area),
      eq(table.startedAt, rollout.startedAt),
      inArray(table.version, [activeVersion, rollout.version]),
    );
  const [browsers, troubles] = await Promise.all([
    db
      .select({ version: browsersTable.version, count: sql<number>`count(*)::int` })
      .from(browsersTable)
      .where(of(browsersTable))
      .groupBy(browsersTable.version),
    db
      .select({
        kind: troublesTable.kind,
        version: troublesTable.version,
        percent: troublesTable.percent,
        count: sql<number>`count(*)::int`,
      })
      .from(troublesTable)
      .where(of(troublesTable))
      .groupBy(troublesTable.kind, troublesTable.version, troublesTable.percent),
  ]);
  const troubled = Object.fromEntries(TROUBLES.map((trouble) => [trouble, [] as TroubledAt[]])) as Record<
    Trouble,
    TroubledAt[]
  >;
  for (const row of troubles) {
    if (!(TROUBLES as readonly string[]).includes(row.kind)) continue;
    const groups = troubled[row.kind as Trouble];
    let group = groups.find((at) => at.percent === row.percent);
    if (!group) groups.push((group = { percent: row.percent, onNew: 0, onActive: 0 }));
    if (row.version === rollout.version) group.onNew += row.count;
    else group.onActive += row.count;
  }
  const countOf = (version: string) => browsers.find((row) => row.version === version)?.count ?? 0;
  return { browsers: countOf(rollout.version), activeBrowsers: countOf(activeVersion), troubled };
}

/** The browsers on the new version first seen since a time (a stage's start): what a stage needs. */
export async function newBrowsersSince(
  db: Db,
  area: RemoteArea,
  rollout: Pick<Rollout, 'version' | 'startedAt'>,
  since: Date,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(browsersTable)
    .where(
      and(
        eq(browsersTable.area, area),
        eq(browsersTable.startedAt, rollout.startedAt),
        eq(browsersTable.version, rollout.version),
        gte(browsersTable.firstAt, since),
      ),
    );
  return row?.count ?? 0;
}
