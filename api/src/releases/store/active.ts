/**
 * Which release each area serves: its active one and the version it rolls out to a share of browsers, read from
 * the areas' rows and kept for ACTIVE_TTL_MS (every instance agrees within it), with the CDN origins they name.
 */
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReleaseManifest } from '@btls/build-config/release';
import {
  REMOTE_AREAS,
  remoteName,
  type AreaRoute,
  type RemoteArea,
  type RemotesJson,
} from '@btls/build-config/remotes';
import type { Db } from '../../db/client';
import { releaseAreas, releases } from '../../db/schema';
import type { ClaimingRelease } from '../manifest';
import { isReleaseOrigin } from '../base';
import { baseOf, type ReleaseFiles } from './files';

/** How long an instance trusts its copy of the active releases: a release reaches every instance within it. */
export const ACTIVE_TTL_MS = 1000;

export interface ActiveRelease {
  area: RemoteArea;
  version: string;
  manifest: ReleaseManifest;
  /** The release's folder as the browser reaches it (`/remotes/trainer/1.0.0+…/`, or its CDN folder). */
  base: string;
  /** A newer version served to a share of browsers meanwhile (rollout.ts decides which). */
  rollout?: Rollout;
}

export interface Rollout {
  version: string;
  manifest: ReleaseManifest;
  base: string;
  /** Browsers whose bucket (1–100) is at most this get the rollout's version. */
  percent: number;
  startedAt: Date;
  by: string;
  baseline: Baseline;
  /** A staged rollout's plan; none: the share stays until a person changes it. */
  stages?: StagePlan;
  /** When the current share began (the start, or the last step). */
  stageStartedAt: Date;
}

/** The shares still to come (100 promotes), each after `everySeconds` and `browsers` on the new version. */
export interface StagePlan {
  next: number[];
  everySeconds: number;
  browsers: number;
}

/** Both versions' counts when a rollout started: their rates during it are counted from there. */
export interface Baseline {
  activeLoads: number;
  activeErrors: number;
  loads: number;
  errors: number;
}

export function isRemoteArea(area: string): area is RemoteArea {
  return (REMOTE_AREAS as readonly string[]).includes(area);
}

/** A release in the map of areas: its entry and the pages the shell routes to it. */
export const areaRouteOf = (manifest: ReleaseManifest): AreaRoute => ({
  entry: `${baseOf(manifest)}${manifest.entry}`,
  layout: manifest.pages?.layout ?? 'public',
  patterns: manifest.pages?.patterns ?? [],
  serverRendered: manifest.server !== null,
});

/** The releases whose pages are routed now: each area's active one, and the version it rolls out. */
export function claimingReleases(active: Map<RemoteArea, ActiveRelease>): ClaimingRelease[] {
  return [...active.values()].flatMap((release) => [
    release,
    ...(release.rollout
      ? [{ area: release.area, version: release.rollout.version, manifest: release.rollout.manifest }]
      : []),
  ]);
}

/** The origin a release's files live on besides this site, when it is one a CSP may name. */
function originOf(manifest: ReleaseManifest): string[] {
  if (!manifest.base) return [];
  try {
    const { origin } = new URL(manifest.base);
    return isReleaseOrigin(origin) ? [origin] : [];
  } catch {
    return [];
  }
}

/** Each area's active release (and its rollout), as the areas' rows say now. */
async function loadActive(db: Db): Promise<Map<RemoteArea, ActiveRelease>> {
  const rolledOut = alias(releases, 'rolled_out');
  const rows = await db
    .select({
      area: releases.area,
      version: releases.version,
      manifest: releases.manifest,
      row: releaseAreas,
      rolloutManifest: rolledOut.manifest,
    })
    .from(releaseAreas)
    .innerJoin(releases, and(eq(releases.area, releaseAreas.area), eq(releases.version, releaseAreas.activeVersion)))
    .leftJoin(
      rolledOut,
      and(eq(rolledOut.area, releaseAreas.area), eq(rolledOut.version, releaseAreas.rolloutVersion)),
    );
  const map = new Map<RemoteArea, ActiveRelease>();
  for (const { area, version, row, ...texts } of rows) {
    if (!isRemoteArea(area)) continue;
    const manifest = JSON.parse(texts.manifest) as ReleaseManifest;
    const active: ActiveRelease = { area, version, manifest, base: baseOf(manifest) };
    if (row.rolloutVersion && texts.rolloutManifest && row.rolloutPercent && row.rolloutStartedAt) {
      const rolloutManifest = JSON.parse(texts.rolloutManifest) as ReleaseManifest;
      active.rollout = {
        version: row.rolloutVersion,
        manifest: rolloutManifest,
        base: baseOf(rolloutManifest),
        percent: row.rolloutPercent,
        startedAt: row.rolloutStartedAt,
        by: row.rolloutBy ?? '',
        baseline: JSON.parse(row.rolloutBaseline ?? '{}') as Baseline,
        stageStartedAt: row.rolloutStageAt ?? row.rolloutStartedAt,
        ...(row.rolloutStages !== null && {
          stages: {
            next: JSON.parse(row.rolloutStages) as number[],
            everySeconds: row.rolloutEverySeconds ?? 0,
            browsers: row.rolloutStageBrowsers ?? 0,
          },
        }),
      };
    }
    map.set(area, active);
  }
  return map;
}

export function createActiveReleases(db: Db, clock: () => number, files: Pick<ReleaseFiles, 'release' | 'manifest'>) {
  let active: { at: number; value: Promise<Map<RemoteArea, ActiveRelease>> } | undefined;
  /**
   * The origins of the active releases that live on a CDN, as last read (the CSP allows them and no others;
   * read synchronously). Each is checked again as an origin: a stored value can never widen or break a policy.
   */
  let cdnOrigins: string[] = [];

  /** The active release of each area, as this instance last read them (at most ACTIVE_TTL_MS ago). */
  function activeReleases(): Promise<Map<RemoteArea, ActiveRelease>> {
    if (!active || clock() - active.at > ACTIVE_TTL_MS) {
      const value = loadActive(db).then((map) => {
        const manifests = [...map.values()].flatMap((item) => [
          item.manifest,
          ...(item.rollout ? [item.rollout.manifest] : []),
        ]);
        cdnOrigins = [...new Set(manifests.flatMap(originOf))].sort();
        return map;
      });
      active = { at: clock(), value };
      value.catch(() => {
        if (active?.value === value) active = undefined;
      });
    }
    return active.value;
  }
  const forget = () => {
    active = undefined;
  };

  /** The map of areas, with each area's version in it and its rollout's share then (0: none ran). */
  async function areasFor(overrides: Partial<Record<RemoteArea, string>> = {}) {
    const current = await activeReleases();
    const json: RemotesJson = {};
    const shown: { area: RemoteArea; version: string; percent: number }[] = [];
    for (const area of REMOTE_AREAS) {
      // A candidate that does not exist (pruned, mistyped) leaves the area on its active release.
      const chosen = overrides[area];
      const active = current.get(area);
      const tried =
        chosen === active?.rollout?.version
          ? active?.rollout?.manifest
          : chosen
            ? await files.manifest(area, chosen).catch(() => undefined)
            : undefined;
      const manifest = tried ?? active?.manifest;
      if (!manifest) continue;
      json[remoteName(area)] = areaRouteOf(manifest);
      shown.push({ area, version: manifest.version, percent: active?.rollout?.percent ?? 0 });
    }
    return { json, shown };
  }

  return {
    activeReleases,
    /** Forgets what this instance read: the next question reads the areas afresh. */
    forget,
    /** Reads the areas afresh now: this instance's next page allows a new release's origin (and no longer the old one). */
    async reload() {
      forget();
      await activeReleases();
    },

    /** The origins the areas' files may come from besides this site (refreshed with the active releases). */
    origins(): string[] {
      void activeReleases().catch(() => undefined);
      return cdnOrigins;
    },

    /**
     * `/remotes.json` (and each page's `#btls-areas`): each area's entry and pages, of its active release or of
     * the version `overrides` names for this browser (a rollout's, a tester's candidate).
     */
    async remotesJson(overrides: Partial<Record<RemoteArea, string>> = {}): Promise<RemotesJson> {
      return (await areasFor(overrides)).json;
    },

    areasFor,

    /**
     * Whether `version` was uploaded after the area's active release (404 when there is no such release): only
     * such a candidate may be tried, never an older one a visitor could be pinned on.
     */
    async isNewerThanActive(area: RemoteArea, version: string): Promise<boolean> {
      const candidate = await files.release(area, version);
      const current = (await activeReleases()).get(area);
      if (!current) return true;
      if (current.version === version) return false;
      const activeRow = await files.release(area, current.version);
      return candidate.releasedAt > activeRow.releasedAt;
    },
  };
}
export type ActiveReleases = ReturnType<typeof createActiveReleases>;
