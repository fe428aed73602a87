/**
 * What browsers report of the areas (POST /api/client-errors): page loads of each area version and what broke,
 * counted at once in this instance's metrics and summed into the database every few seconds (every instance's
 * counts together are what a rollout is judged by). Nothing is kept beyond those counts and the newest few
 * messages of each version, with addresses, e-mails and long numbers taken out.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ClientErrorPhase, ClientReport } from '@btls/shared-api/schemas';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../db/client';
import { clientErrorCounts, clientErrorSamples } from '../db/schema';
import type { Metrics } from '../metrics';
import { isRemoteArea, type ReleaseStore } from './store';

/** Messages kept per area version (the newest). */
export const SAMPLES_PER_VERSION = 20;
/** Samples waiting for the next write, at most (a flood adds counts, not rows). */
const PENDING_SAMPLES = 50;

/** A page's path as a template: words stay, anything else (an id, a code, a name) becomes `:id`. */
export function pathTemplate(path: string): string {
  const segments = path
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .slice(0, 8)
    .map((segment) => (/^[a-z][a-z-]{0,29}$/.test(segment) ? segment : ':id'));
  return `/${segments.join('/')}`;
}

/** A message without what could name a person: e-mail addresses, long numbers, addresses of pages. */
export function scrubbed(message: string): string {
  return message
    .replace(/[^\s@<>()"']+@[^\s@<>()"']+/g, '<email>')
    .replace(/https?:\/\/\S+/g, (url) => {
      try {
        const { origin, pathname } = new URL(url);
        return `${origin}${pathTemplate(pathname)}`;
      } catch {
        return '<url>';
      }
    })
    .replace(/\d{4,}/g, '<number>')
    .slice(0, 300);
}

interface Counted {
  area: RemoteArea;
  version: string;
  loads: number;
  errors: number;
}

export function createClientReports(options: { db: Db; store: ReleaseStore; metrics: Metrics }) {
  const { db, store, metrics } = options;
  const pending = new Map<string, Counted>();
  let samples: (typeof clientErrorSamples.$inferInsert)[] = [];
  /** Entries of stored releases seen before (`/remotes/trainer/1.2.0+…/remoteEntry.js` → its area and version). */
  const known = new Map<string, { area: RemoteArea; version: string } | null>();

  /**
   * The area version an entry URL belongs to: an active or rolled-out release (read every second anyway), else
   * a stored release at its own folder (a tester's candidate). Anything else is no release of ours: dropped.
   */
  async function releaseOf(entry: string): Promise<{ area: RemoteArea; version: string } | undefined> {
    let url: URL;
    try {
      url = new URL(entry, 'http://site.invalid');
    } catch {
      return undefined;
    }
    const path = url.origin === 'http://site.invalid' ? url.pathname : url.href;
    for (const release of (await store.activeReleases()).values()) {
      for (const shown of [release, ...(release.rollout ? [release.rollout] : [])]) {
        const at = new URL(`${shown.base}${shown.manifest.entry}`, 'http://site.invalid');
        if ((at.origin === 'http://site.invalid' ? at.pathname : at.href) === path)
          return { area: release.area, version: shown.version };
      }
    }
    const match = /^\/remotes\/([a-z]{1,30})\/([\w.+-]{1,100})\/([\w./-]{1,200})$/.exec(path);
    if (!match || !isRemoteArea(match[1]!)) return undefined;
    const key = `${match[1]}@${match[2]}`;
    if (!known.has(key)) {
      const found = await store.manifest(match[1]!, match[2]!).then(
        (manifest) => (manifest.entry === match[3] ? manifest : undefined),
        () => undefined,
      );
      if (known.size >= 500) known.delete(known.keys().next().value!);
      known.set(key, found ? { area: match[1] as RemoteArea, version: match[2]! } : null);
    }
    return known.get(key) ?? undefined;
  }

  function count(area: RemoteArea, version: string, what: 'loads' | 'errors') {
    const key = `${area}@${version}`;
    const counted = pending.get(key) ?? { area, version, loads: 0, errors: 0 };
    counted[what] += 1;
    pending.set(key, counted);
  }

  return {
    releaseOf,

    /** Counts one report: its loads and errors of known releases; the rest is dropped. */
    async record(report: ClientReport): Promise<{ loads: number; errors: number }> {
      const counted = { loads: 0, errors: 0 };
      for (const load of report.loads ?? []) {
        const release = await releaseOf(load.entry);
        if (!release) continue;
        metrics.areaLoads.inc({ area: release.area, version: release.version });
        count(release.area, release.version, 'loads');
        counted.loads++;
      }
      for (const error of report.errors ?? []) {
        const release = error.entry ? await releaseOf(error.entry) : undefined;
        // Before its entry was known (the map of areas did not load), an area has no version yet.
        const area = release?.area ?? (isRemoteArea(error.area) ? error.area : undefined);
        if (!area) continue;
        const version = release?.version ?? 'unknown';
        const phase: ClientErrorPhase = error.phase;
        metrics.clientErrors.inc({ area, version, phase });
        counted.errors++;
        if (!release) continue;
        count(area, version, 'errors');
        if (samples.length < PENDING_SAMPLES)
          samples.push({
            area,
            version,
            phase,
            path: pathTemplate(error.path),
            message: scrubbed(error.message),
            trace: error.trace,
          });
      }
      return counted;
    },

    /** Adds this instance's counts to the database's and keeps the newest samples; on failure they wait. */
    async flush(): Promise<void> {
      if (!pending.size && !samples.length) return;
      const counts = [...pending.values()];
      const kept = samples;
      pending.clear();
      samples = [];
      try {
        await db.transaction(async (tx) => {
          for (const { area, version, loads, errors } of counts)
            await tx
              .insert(clientErrorCounts)
              .values({ area, version, loads, errors })
              .onConflictDoUpdate({
                target: [clientErrorCounts.area, clientErrorCounts.version],
                set: {
                  loads: sql`${clientErrorCounts.loads} + ${loads}`,
                  errors: sql`${clientErrorCounts.errors} + ${errors}`,
                },
              });
          if (kept.length) await tx.insert(clientErrorSamples).values(kept);
          for (const key of new Set(kept.map((sample) => `${sample.area}@${sample.version}`))) {
            const [area, version] = [key.slice(0, key.indexOf('@')), key.slice(key.indexOf('@') + 1)];
            const newest = tx
              .select({ id: clientErrorSamples.id })
              .from(clientErrorSamples)
              .where(and(eq(clientErrorSamples.area, area), eq(clientErrorSamples.version, version)))
              .orderBy(desc(clientErrorSamples.id))
              .limit(SAMPLES_PER_VERSION);
            await tx
              .delete(clientErrorSamples)
              .where(
                and(
                  eq(clientErrorSamples.area, area),
                  eq(clientErrorSamples.version, version),
                  notInArray(clientErrorSamples.id, newest),
                ),
              );
          }
        });
      } catch (error) {
        // Not lost: added back to what the next write sends.
        for (const counted of counts) {
          const key = `${counted.area}@${counted.version}`;
          const now = pending.get(key);
          pending.set(
            key,
            now ? { ...now, loads: now.loads + counted.loads, errors: now.errors + counted.errors } : counted,
          );
        }
        throw error;
      }
    },

    /** The newest messages browsers reported of these versions of an area. */
    async samplesOf(area: string, versions: string[]) {
      if (!versions.length) return [];
      return db
        .select()
        .from(clientErrorSamples)
        .where(and(eq(clientErrorSamples.area, area), inArray(clientErrorSamples.version, versions)))
        .orderBy(desc(clientErrorSamples.id))
        .limit(SAMPLES_PER_VERSION);
    },
  };
}
export type ClientReports = ReturnType<typeof createClientReports>;
