/**
 * Where the areas' releases live: in the database, so every instance serves every release and agrees
 * on the active one (PGlite under the data directory by default; PostgreSQL with DATABASE_URL). A release is
 * immutable: a version is stored once, with its manifest and the bytes of its files (unless they live on
 * another origin). Activation is compare-and-set under the area's row lock, after the release's checks.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { codedWith } from '@btls/shared-api/codes';
import { integrityOf, type ReleaseManifest, type ShellShared } from '@btls/build-config/release';
import { isContentHashed } from '@btls/build-config/file-names';
import {
  REMOTE_AREAS,
  remoteName,
  type RemoteArea,
  type AreaRoute,
  type RemotesJson,
} from '@btls/build-config/remotes';
import { isUniqueViolation, type Db } from '../db/client';
import {
  clientErrorCounts,
  releaseActivations,
  releaseAreas,
  releaseFileNames,
  releaseFiles,
  releases,
} from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { createFileStorage, SizePassed } from './file-storage';
import { contractProblems, pageProblems, sharedProblems, type ClaimingRelease } from './manifest';
import { operationProblems, shapeProblems, unserved } from './operations';
import type { RecordedShape } from './shapes';
import { BaseFetchError, baseProblem, fetchReleaseFile, isReleaseOrigin } from './base';
import type { Audit } from './audit';

/** How long an instance trusts its copy of the active releases: a release reaches every instance within it. */
export const ACTIVE_TTL_MS = 1000;
/** Versions per area a prune always keeps (besides the active one). */
export const MIN_KEPT_RELEASES = 5;

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

/** The clearing of a rollout, for an update of an area's row. */
const NO_ROLLOUT = {
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

/** Where a stored release's files are served: its own folder of immutable URLs. */
export const releaseFolder = (area: string, version: string) => `/remotes/${area}/${version}/`;
export const baseOf = (manifest: ReleaseManifest) => manifest.base ?? releaseFolder(manifest.area, manifest.version);

export interface ReleaseStoreOptions {
  db: Db;
  /** The time its cache of the active releases expires by (Date.now; tests move it instead of waiting). */
  clock?: () => number;
  /** The shell this server serves: what it provides to the areas (its dist/shared.json). */
  shell: () => ShellShared | undefined;
  /** Origins the operator trusts as a release's base besides public https ones (BTLS_RELEASE_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The operations this API serves (operations.ts's keys), to check what a release calls against. */
  operations?: ReadonlySet<string>;
  /** The shapes of what they take and answer (shapes.ts), once the API's routes are registered. */
  shapes?: () => Record<string, RecordedShape>;
  /** Where this server's own builds, adopted at start, are written down like any release. */
  audit?: Audit;
  /** What one area may keep (DEFAULT_QUOTA when missing): older releases go first to make room. */
  quota?: Partial<ReleaseQuota>;
}

/** What one area may keep stored: releases and bytes. */
export interface ReleaseQuota {
  releases: number;
  bytes: number;
}
export const DEFAULT_QUOTA: ReleaseQuota = { releases: 50, bytes: 500 * 1024 * 1024 };

type ReleaseRow = typeof releases.$inferSelect;
const manifestOf = (row: Pick<ReleaseRow, 'manifest'>) => JSON.parse(row.manifest) as ReleaseManifest;

/** Up to five paths of a list, for a message. */
const firstFew = (paths: string[]) => `${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}`;

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

export function isRemoteArea(area: string): area is RemoteArea {
  return (REMOTE_AREAS as readonly string[]).includes(area);
}

export function createReleaseStore(options: ReleaseStoreOptions) {
  const { db } = options;
  const clock = options.clock ?? Date.now;
  const storage = createFileStorage(db);
  const quota = { ...DEFAULT_QUOTA, ...options.quota };
  const allowedOrigins = options.allowedOrigins ?? [];
  let active: { at: number; value: Promise<Map<RemoteArea, ActiveRelease>> } | undefined;
  /**
   * The origins of the active releases that live on a CDN, as last read (the CSP allows them and no others;
   * read synchronously). Each is checked again as an origin: a stored value can never widen or break a policy.
   */
  let cdnOrigins: string[] = [];

  async function loadActive(): Promise<Map<RemoteArea, ActiveRelease>> {
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
    const manifests = [...map.values()].flatMap((item) => [
      item.manifest,
      ...(item.rollout ? [item.rollout.manifest] : []),
    ]);
    cdnOrigins = [...new Set(manifests.flatMap(originOf))].sort();
    return map;
  }

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

  /** The active release of each area, as this instance last read them (at most ACTIVE_TTL_MS ago). */
  function activeReleases(): Promise<Map<RemoteArea, ActiveRelease>> {
    if (!active || clock() - active.at > ACTIVE_TTL_MS) {
      const value = loadActive();
      active = { at: clock(), value };
      value.catch(() => {
        if (active?.value === value) active = undefined;
      });
    }
    return active.value;
  }
  const forgetActive = () => (active = undefined);

  async function release(area: string, version: string): Promise<ReleaseRow> {
    const [row] = await db
      .select()
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (!row) throw notFound(codedWith('release.notFound', { area, version }));
    return row;
  }

  /**
   * The files of a release that lives on a CDN and were not uploaded, fetched (once, when it is uploaded), stored
   * under `upload` and checked against their hashes; refused with the first problem. A few at a time, each capped
   * at its declared size.
   */
  async function fromBase(manifest: ReleaseManifest, upload: string, have: Set<string>): Promise<void> {
    const problem = baseProblem(manifest.base!, allowedOrigins);
    if (problem) throw badRequest(codedWith('release.manifestInvalid', { problem: `base: ${problem}.` }));
    const wanted = Object.entries(manifest.files).filter(([path]) => !have.has(path));
    const problems: string[] = [];
    let refused: HttpError | undefined;
    for (let at = 0; at < wanted.length && !problems.length && !refused; at += 4)
      // Every fetch of a round ends before the next round or a refusal: none writes after its upload is forgotten.
      await Promise.allSettled(
        wanted.slice(at, at + 4).map(async ([path, { size, integrity }]) => {
          try {
            const bytes = await fetchReleaseFile(new URL(path, manifest.base).href, { maxBytes: size, allowedOrigins });
            const stored = await storage.write(upload, path, [bytes], size);
            if (stored.integrity !== integrity || stored.size !== size)
              refused ??= badRequest(codedWith('release.fileHashMismatch', { path }));
            else have.add(path);
          } catch (error) {
            problems.push(`${path} ${error instanceof BaseFetchError ? error.message : 'could not be fetched'}`);
          }
        }),
      );
    if (refused) throw refused;
    if (problems.length)
      throw new HttpError(409, codedWith('release.incompatible', { problems: problems.sort().slice(0, 5).join('; ') }));
  }

  /** Problems with the stored files of a release: missing, not matching their hash, or not whole. */
  async function fileProblems(manifest: ReleaseManifest): Promise<string[]> {
    const problems: string[] = [];
    const byPath = new Map((await storage.stored(manifest.area, manifest.version)).map((file) => [file.path, file]));
    const expected = Object.entries(manifest.files);
    const missing = expected.filter(([path]) => !byPath.has(path)).map(([path]) => path);
    if (missing.length) problems.push(`files missing: ${firstFew(missing)}`);
    for (const [path, { integrity }] of expected) {
      const file = byPath.get(path);
      if (file && (file.integrity !== integrity || file.held !== file.size))
        problems.push(`${path} does not match its hash`);
    }
    return problems;
  }

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

  /** Deletes one release and its files (in the caller's transaction). */
  async function drop(area: string, version: string, on: On) {
    await storage.drop(on, area, version);
    await on.delete(releases).where(and(eq(releases.area, area), eq(releases.version, version)));
  }

  /**
   * The area's row, locked for the caller's transaction: what activates, rolls out or makes room in the area takes
   * turns on it, so a version chosen meanwhile is never one being deleted.
   */
  async function lockArea(tx: Pick<Db, 'insert' | 'select'>, area: string) {
    await tx.insert(releaseAreas).values({ area }).onConflictDoNothing();
    const [row] = await tx.select().from(releaseAreas).where(eq(releaseAreas.area, area)).for('update');
    return row;
  }

  /** Refuses (404) a version pruned since its checks: read under the area's lock, it cannot go meanwhile. */
  async function stillStored(tx: Pick<Db, 'select'>, area: string, version: string) {
    const [row] = await tx
      .select({ version: releases.version })
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (!row) throw notFound(codedWith('release.notFound', { area, version }));
  }

  /** The versions a prune never deletes: the active one and the one rolling out. */
  const inUse = (row: { activeVersion: string | null; rolloutVersion: string | null } | undefined) =>
    new Set([row?.activeVersion, row?.rolloutVersion].filter((version): version is string => !!version));

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

  /**
   * Makes room in the area's quota for a release of `bytes`, in the transaction that stores it, under the area's
   * lock: its oldest releases go (never the active one, the one rolling out, nor the newest MIN_KEPT_RELEASES)
   * until it fits; refused (413) when it cannot, and then nothing went.
   */
  async function makeRoom(tx: On & Pick<Db, 'insert'>, area: string, bytes: number) {
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
  }

  /**
   * Writes down the content-hashed names of a release's files, each with its content, and refuses the release when
   * an earlier release of the area gave one of them other bytes: a phone uses its copy of a file for every release's
   * file of that name. Race-safe: of two uploads naming one file differently, the second waits for the first's
   * row and then sees it.
   */
  async function holdHashedNames(tx: Pick<Db, 'insert' | 'select'>, manifest: ReleaseManifest) {
    const named = Object.entries(manifest.files).filter(([path]) => isContentHashed(path));
    const taken: string[] = [];
    for (let at = 0; at < named.length; at += 200) {
      const slice = named.slice(at, at + 200);
      await tx
        .insert(releaseFileNames)
        .values(slice.map(([path, { integrity }]) => ({ area: manifest.area, path, integrity })))
        .onConflictDoNothing();
      const held = await tx
        .select({ path: releaseFileNames.path, integrity: releaseFileNames.integrity })
        .from(releaseFileNames)
        .where(
          and(
            eq(releaseFileNames.area, manifest.area),
            inArray(
              releaseFileNames.path,
              slice.map(([path]) => path),
            ),
          ),
        );
      for (const row of held) if (row.integrity !== manifest.files[row.path]?.integrity) taken.push(row.path);
    }
    if (taken.length) throw conflict(codedWith('release.hashedNameTaken', { paths: firstFew(taken.sort()) }));
  }

  /** Everything that keeps a release from being activated on this server, named. */
  async function problemsOf(manifest: ReleaseManifest): Promise<string[]> {
    return [
      ...(await fileProblems(manifest)),
      ...pageProblems(manifest, claimingReleases(await activeReleases())),
      ...sharedProblems(manifest, options.shell()),
      ...contractProblems(manifest),
      ...operationProblems(manifest, options.operations),
      ...shapeProblems(manifest, options.shapes?.()),
    ];
  }

  return {
    db,
    activeReleases,

    /** Each operation an active release calls that this API does not serve: `trainer 1.0.0+…: GET /x/:`. */
    async unservedOperations(): Promise<string[]> {
      if (!options.operations) return [];
      const served = options.operations;
      return [...(await activeReleases()).values()].flatMap(({ area, version, manifest }) =>
        unserved(manifest, served).map((operation) => `${area} ${version}: ${operation}`),
      );
    },

    /**
     * Each operation an active (or rolling-out) release calls that this API no longer serves as it was built
     * against, naming the field: `employer 1.0.0+…: GET /jobs/:id: answer.companyName is no longer given (…)`.
     */
    async incompatibleOperations(): Promise<string[]> {
      if (!options.shapes) return [];
      const served = options.shapes();
      return claimingReleases(await activeReleases()).flatMap(({ area, version, manifest }) =>
        shapeProblems(manifest, served).map((problem) => `${area} ${version}: ${problem.replace(/^shapes: /, '')}`),
      );
    },

    /**
     * What keeps an active (or rolling-out) release from running on the shell this server serves (its kernel's
     * names and types, the shared modules' versions), naming the release: a shell build that dropped or changed
     * a kernel name an area uses shows here.
     */
    async shellProblems(): Promise<string[]> {
      const shell = options.shell();
      return claimingReleases(await activeReleases()).flatMap(({ area, version, manifest }) =>
        sharedProblems(manifest, shell).map((problem) => `${area} ${version}: ${problem}`),
      );
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
      return (await this.areasFor(overrides)).json;
    },

    /** The map of areas, with each area's version in it and its rollout's share then (0: none ran). */
    async areasFor(overrides: Partial<Record<RemoteArea, string>> = {}) {
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
              ? await this.manifest(area, chosen).catch(() => undefined)
              : undefined;
        const manifest = tried ?? active?.manifest;
        if (!manifest) continue;
        json[remoteName(area)] = areaRouteOf(manifest);
        shown.push({ area, version: manifest.version, percent: active?.rollout?.percent ?? 0 });
      }
      return { json, shown };
    },

    /**
     * Whether `version` was uploaded after the area's active release (404 when there is no such release): only
     * such a candidate may be tried, never an older one a visitor could be pinned on.
     */
    async isNewerThanActive(area: RemoteArea, version: string): Promise<boolean> {
      const candidate = await release(area, version);
      const current = (await activeReleases()).get(area);
      if (!current) return true;
      if (current.version === version) return false;
      const activeRow = await release(area, current.version);
      return candidate.releasedAt > activeRow.releasedAt;
    },

    /** A release's manifest (404 when the area has no such version). */
    async manifest(area: string, version: string): Promise<ReleaseManifest> {
      return manifestOf(await release(area, version));
    },

    /**
     * A file of a release as text, as stored here (a release on a CDN was fetched when it was uploaded),
     * checked against its hash (a file that does not match is not used).
     */
    async fileText(manifest: ReleaseManifest, path: string): Promise<string> {
      const expected = manifest.files[path];
      if (!expected) throw new Error(`${path} is not a file of ${manifest.area}@${manifest.version}`);
      const bytes = await this.file(manifest.area, manifest.version, path);
      if (!bytes) throw new Error(`${path} of ${manifest.area}@${manifest.version} is not stored`);
      if (integrityOf(bytes) !== expected.integrity) throw new Error(`${path} does not match its hash`);
      return new TextDecoder().decode(bytes);
    },

    /** One stored file of a release, or undefined. */
    file: (area: string, version: string, path: string) => storage.read(area, version, path),

    /** Every area with its active version and its releases, newest first. */
    async list() {
      const [rows, areas] = await Promise.all([
        db
          .select({
            area: releases.area,
            version: releases.version,
            manifest: releases.manifest,
            releasedAt: releases.releasedAt,
            releasedBy: releases.releasedBy,
          })
          .from(releases)
          .orderBy(desc(releases.releasedAt), desc(releases.version)),
        db.select().from(releaseAreas),
      ]);
      return REMOTE_AREAS.map((area) => ({
        area,
        active: areas.find((row) => row.area === area)?.activeVersion ?? null,
        activatedBy: areas.find((row) => row.area === area)?.activatedBy ?? null,
        activatedAt: areas.find((row) => row.area === area)?.activatedAt?.toISOString() ?? null,
        versions: rows
          .filter((row) => row.area === area)
          .map((row) => {
            const manifest = manifestOf(row);
            return {
              version: row.version,
              releasedAt: row.releasedAt.toISOString(),
              releasedBy: row.releasedBy,
              builtAt: manifest.builtAt,
              entry: `${baseOf(manifest)}${manifest.entry}`,
              server: manifest.server,
              shared: manifest.shared,
              contract: manifest.contract,
              operations: manifest.operations ?? [],
              files: Object.keys(manifest.files).length,
            };
          }),
      }));
    },

    /**
     * Begins storing a release whose files arrive one after the other (`file`), each stored as it streams and
     * checked against its size and hash in the manifest; `finish` stores the release (files on a CDN are fetched
     * then, and kept here for the server's own use). A version is stored once: the same manifest again is taken
     * as it is (`created: false`, its files not read), other files under a version already released are refused.
     * Room is made in the area's quota first (its oldest releases go), or the upload is refused (413).
     */
    async startUpload(manifest: ReleaseManifest, by: string): Promise<ReleaseUpload> {
      const text = JSON.stringify(manifest);
      const same = async () => {
        const [existing] = await db
          .select({ manifest: releases.manifest })
          .from(releases)
          .where(and(eq(releases.area, manifest.area), eq(releases.version, manifest.version)))
          .limit(1);
        if (!existing) return undefined;
        const { builtAt: _a, ...before } = JSON.parse(existing.manifest) as ReleaseManifest;
        const { builtAt: _b, ...now } = manifest;
        if (JSON.stringify(before) !== JSON.stringify(now))
          throw conflict(codedWith('release.versionTaken', { version: manifest.version }));
        return { created: false };
      };
      const known = await same();
      if (known)
        return { known: true, file: async () => undefined, finish: async () => known, abort: async () => undefined };
      const declared = Object.values(manifest.files).reduce((sum, file) => sum + file.size, 0);
      // A release larger than the whole quota is refused before a byte of it is read.
      if (declared > quota.bytes) throw quotaPassed(0, 0, declared);
      const upload = storage.newUpload();
      const stored = new Map<string, { integrity: string; size: number }>();
      return {
        known: false,
        async file(path, bytes) {
          const expected = manifest.files[path];
          if (!expected) throw badRequest(codedWith('release.fileNotInManifest', { path: path.slice(0, 300) }));
          if (stored.has(path)) throw badRequest(codedWith('release.fileNotInManifest', { path: path.slice(0, 300) }));
          // Counted as they arrive, never past the size the manifest declares: a manifest that declares a few
          // bytes cannot bring megabytes.
          const file = await storage.write(upload, path, bytes, expected.size).catch((error: unknown) => {
            throw error instanceof SizePassed ? badRequest(codedWith('release.fileSizeMismatch', { path })) : error;
          });
          if (file.integrity !== expected.integrity) throw badRequest(codedWith('release.fileHashMismatch', { path }));
          // (The right bytes under a wrong size: stored as it came, it would be read back cut or padded.)
          if (file.size !== expected.size) throw badRequest(codedWith('release.fileSizeDiffers', { path }));
          stored.set(path, file);
        },
        async finish() {
          if (manifest.base) await fromBase(manifest, upload, new Set(stored.keys()));
          else {
            const missing = Object.keys(manifest.files).filter((path) => !stored.has(path));
            if (missing.length) throw badRequest(codedWith('release.filesMissing', { paths: firstFew(missing) }));
          }
          const files = Object.entries(manifest.files).map(([path, { integrity, size }]) => ({
            area: manifest.area,
            version: manifest.version,
            path,
            integrity,
            size,
            upload,
          }));
          try {
            await db.transaction(async (tx) => {
              await makeRoom(tx, manifest.area, declared);
              await tx.insert(releases).values({
                area: manifest.area,
                version: manifest.version,
                manifest: text,
                origin: manifest.base ? new URL(manifest.base).origin : null,
                releasedBy: by,
              });
              await holdHashedNames(tx, manifest);
              for (let at = 0; at < files.length; at += 200)
                await tx.insert(releaseFiles).values(files.slice(at, at + 200));
            });
          } catch (error) {
            await storage.forget(upload);
            // Two uploads of one version at once: the other stored it.
            if (isUniqueViolation(error)) return (await same()) ?? { created: false };
            throw error;
          }
          return { created: true };
        },
        abort: () => storage.forget(upload),
      };
    },

    /** Stores a release whose files are at hand (this server's own build; tests): see startUpload. */
    async save(manifest: ReleaseManifest, files: Map<string, Uint8Array>, by: string): Promise<{ created: boolean }> {
      const upload = await this.startUpload(manifest, by);
      try {
        for (const [path, bytes] of files) await upload.file(path, [bytes]);
        return await upload.finish();
      } catch (error) {
        await upload.abort();
        throw error;
      }
    },

    /** Deletes the chunks of uploads that never finished, a day on (an instance may have died mid-way). */
    sweepUploads: () => storage.sweep(24 * 60 * 60_000),

    problemsOf,

    /**
     * Makes `version` the area's active release, after its checks. Compare-and-set: with `expected` (the active
     * version the caller saw; null for none) it is refused when another became active meanwhile. Two
     * activations of one area take turns on its row; two areas do not wait for each other.
     */
    async activate(
      area: RemoteArea,
      version: string,
      by: string,
      expected?: string | null,
      /** A staged rollout's last step: only while it still runs as the rule last saw it (not stopped, not changed). */
      rolling?: { percent: number },
    ) {
      const manifest = manifestOf(await release(area, version));
      const problems = await problemsOf(manifest);
      if (problems.length)
        throw new HttpError(409, codedWith('release.incompatible', { problems: problems.join('; ') }));
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
      forgetActive();
      // Read at once: this instance's next page allows the new release's origin (and no longer the old one).
      await activeReleases();
      return { area, version, previous };
    },

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
      const manifest = manifestOf(await release(area, version));
      const problems = await problemsOf(manifest);
      if (problems.length)
        throw new HttpError(409, codedWith('release.incompatible', { problems: problems.join('; ') }));
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
      forgetActive();
      await activeReleases();
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
      forgetActive();
      await activeReleases();
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
      forgetActive();
      await activeReleases();
      return stepped;
    },

    countsOf,

    /** The version a rollback of the area goes back to: the one active before the current one. */
    async previousVersion(area: RemoteArea): Promise<{ current: string | null; previous: string }> {
      const [row] = await db.select().from(releaseAreas).where(eq(releaseAreas.area, area)).limit(1);
      const current = row?.activeVersion ?? null;
      const [last] = await db
        .select()
        .from(releaseActivations)
        .where(and(eq(releaseActivations.area, area), current ? eq(releaseActivations.version, current) : sql`false`))
        .orderBy(desc(releaseActivations.id))
        .limit(1);
      if (!last?.previousVersion) throw conflict(texts.release.nothingToRollBack);
      return { current, previous: last.previousVersion };
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
      const { created } = stored ? { created: false } : await this.save(manifest, readFiles(), 'local');
      if (created)
        await options.audit?.record({ actor: 'local', area: manifest.area, action: 'upload', to: manifest.version });
      // Whatever this start finds, the next page reads the areas afresh: what this instance read while checking
      // the build may predate another instance's adoption at the same start (an area missing for up to a second).
      forgetActive();
      const [row] = await db.select().from(releaseAreas).where(eq(releaseAreas.area, manifest.area)).limit(1);
      const current = row?.activeVersion ?? null;
      if (current === manifest.version) return 'known';
      if (current !== null && row?.activatedBy !== 'local') return created ? 'stored' : 'known';
      try {
        await this.activate(manifest.area, manifest.version, 'local', current);
        await options.audit?.record({
          actor: 'local',
          area: manifest.area,
          action: 'activate',
          from: current,
          to: manifest.version,
        });
      } catch (error) {
        // Another instance adopted it (or another build) meanwhile.
        if (error instanceof HttpError && error.statusCode === 409 && error.code === 'release.changedMeanwhile') {
          forgetActive();
          return 'known';
        }
        throw error;
      }
      return 'activated';
    },
  };
}

export type ReleaseStore = ReturnType<typeof createReleaseStore>;

/** A release being stored as its files arrive (ReleaseStore.startUpload). */
export interface ReleaseUpload {
  /** The version was stored before with this manifest: nothing is stored again, its files need not be read. */
  known: boolean;
  file(path: string, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void>;
  finish(): Promise<{ created: boolean }>;
  /** Forgets what was stored of it (a refused upload). */
  abort(): Promise<void>;
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
