/**
 * What browsers report of the areas (POST /api/client-errors): page loads of each area version, what broke, and
 * how fast the page was — each part counted only with a load ticket the server issued for that area and version
 * (load-tickets.ts), once. Loads and errors are counted at once in this instance's metrics and summed into the
 * database every few seconds; during a rollout each browser is written down once per version, and its first
 * trouble of each kind once, which is what the rule weighs (every instance's together) — a browser that came
 * back, and only so many of one client address (regression.ts says why). Nothing is kept beyond
 * those, each browser's slowest figures per version, and the newest few messages of each version, with
 * addresses, e-mails and long numbers taken out.
 */
import { and, desc, eq, inArray, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { ClientErrorPhase, ClientReport, VersionSpeed } from '@btls/shared-api/schemas';
import type { RemoteArea } from '@btls/build-config/remotes';
import type { Db } from '../db/client';
import {
  clientErrorCounts,
  clientErrorSamples,
  loadTicketUses,
  releaseAreas,
  rolloutBrowsers,
  rolloutTroubles,
  versionSpeed,
} from '../db/schema';
import type { Metrics } from '../metrics';
import type { RateLimiter } from '../rate-limit';
import { TICKET_LIFETIME_S, type LoadTickets, type RejectionReason, type Ticket } from './load-tickets';
import { POOR_INP_MS, POOR_LCP_MS, type RegressionRule, type Trouble } from './regression';
import { isRemoteArea, type ReleaseStore } from './store';

/** Messages kept per area version (the newest). */
export const SAMPLES_PER_VERSION = 20;
/** How long a browser's speed figures count in its version's (a month: the active version's recent visitors). */
const SPEED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Samples waiting for the next write, at most (a flood adds counts, not rows). */
const PENDING_SAMPLES = 50;
/** How long the browsers an address added to a rollout are counted: longer than a rollout runs. */
export const VOTERS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

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

type Kind = 'load' | 'error' | 'speed';

/** Which area version an entry URL belongs to (see releaseOf), with the stored releases seen before. */
function releaseLookup(store: Pick<ReleaseStore, 'activeReleases' | 'manifest'>) {
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
  return releaseOf;
}

/** Which of these tickets' uses are new (kept until the tickets expire): a replayed one counts nothing. */
async function firstUses<T extends { ticket: Ticket; kind: Kind }>(
  db: Db,
  uses: T[],
  rejected: (reason: RejectionReason) => void,
): Promise<Set<T>> {
  const key = (load: string, area: string, kind: string) => `${load} ${area} ${kind}`;
  const byKey = new Map<string, T>();
  // In one order for every report: two reports of the same tickets never wait on each other's rows.
  const sorted = [...uses].sort((a, b) =>
    key(a.ticket.load, a.ticket.area, a.kind).localeCompare(key(b.ticket.load, b.ticket.area, b.kind)),
  );
  for (const use of sorted) {
    const at = key(use.ticket.load, use.ticket.area, use.kind);
    if (!byKey.has(at)) byKey.set(at, use);
  }
  const first = new Set<T>();
  if (byKey.size) {
    const fresh = await db
      .insert(loadTicketUses)
      .values(
        [...byKey.values()].map(({ ticket, kind }) => ({
          load: ticket.load,
          area: ticket.area,
          kind,
          expiresAt: new Date(ticket.issuedAt.getTime() + TICKET_LIFETIME_S * 1000),
        })),
      )
      .onConflictDoNothing()
      .returning({ load: loadTicketUses.load, area: loadTicketUses.area, kind: loadTicketUses.kind });
    for (const row of fresh) first.add(byKey.get(key(row.load, row.area, row.kind))!);
  }
  for (let i = first.size; i < uses.length; i++) rejected('replayed');
  return first;
}

/** A browser's slowest figures on a version (its worst load is what it felt). */
async function keepSpeed(db: Db, ticket: Ticket, figures: { lcp?: number; inp?: number; cls?: number }) {
  const round = (value: number | undefined) => (value === undefined ? null : Math.round(value));
  await db
    .insert(versionSpeed)
    .values({
      area: ticket.area,
      version: ticket.version,
      browser: ticket.browser,
      lcpMs: round(figures.lcp),
      inpMs: round(figures.inp),
      cls: figures.cls ?? null,
    })
    .onConflictDoUpdate({
      target: [versionSpeed.area, versionSpeed.version, versionSpeed.browser],
      set: {
        lcpMs: sql`greatest(${versionSpeed.lcpMs}, excluded.lcp_ms)`,
        inpMs: sql`greatest(${versionSpeed.inpMs}, excluded.inp_ms)`,
        cls: sql`greatest(${versionSpeed.cls}, excluded.cls)`,
        at: sql`now()`,
      },
    });
}

/**
 * The rollout a ticket's load belongs to, when it was issued during the area's running rollout (a share was
 * drawn for it) for one of its two versions: what the rule weighs.
 */
async function rolloutOf(store: Pick<ReleaseStore, 'activeReleases'>, ticket: Ticket & { area: RemoteArea }) {
  const release = (await store.activeReleases()).get(ticket.area);
  const rollout = release?.rollout;
  if (!rollout || ticket.percent === 0 || ticket.bucket === 0) return undefined;
  if (ticket.issuedAt.getTime() < Math.floor(rollout.startedAt.getTime() / 1000) * 1000) return undefined;
  if (ticket.version !== release.version && ticket.version !== rollout.version) return undefined;
  // Only the version the bucket drew (not a tester's candidate that happens to be the rollout's).
  if (ticket.bucket <= ticket.percent !== (ticket.version === rollout.version)) return undefined;
  return { area: ticket.area, startedAt: rollout.startedAt };
}

/** Whether a ticket's load is a returning browser's: one drawn its bucket at least `returnSeconds` before. */
const returning = (ticket: Ticket, returnSeconds: number) =>
  returnSeconds === 0 ||
  (ticket.drawnAt.getTime() > 0 && ticket.issuedAt.getTime() - ticket.drawnAt.getTime() >= returnSeconds * 1000);

/**
 * Whether a browser is one of the rollout's, or may become one: an address adds so many browsers to a rollout
 * and no more (counted where every instance sees them); a browser already in keeps its place.
 */
async function admitted(
  db: Db,
  voters: RateLimiter,
  rollout: { area: RemoteArea; startedAt: Date },
  browser: string,
  address: string,
): Promise<boolean> {
  const known = async () => {
    const [row] = await db
      .select({ browser: rolloutBrowsers.browser })
      .from(rolloutBrowsers)
      .where(
        and(
          eq(rolloutBrowsers.area, rollout.area),
          eq(rolloutBrowsers.startedAt, rollout.startedAt),
          eq(rolloutBrowsers.browser, browser),
        ),
      )
      .limit(1);
    return row !== undefined;
  };
  if (await known()) return true;
  const share = await voters
    .hit(`${rollout.area} ${rollout.startedAt.getTime()} ${address}`)
    .catch(() => ({ allowed: false }));
  // (Two reports of one browser at once: the other may have taken the address's place for it.)
  return share.allowed || known();
}

/** Who the rule hears: returning browsers, so many per client address and rollout. */
interface Voters {
  returnSeconds: number;
  limit: RateLimiter;
  /** The client address of the report, keyed (load-tickets.ts's addressKey). */
  address: string;
}

/**
 * Writes down the browser of a rollout's load, and its first trouble of each kind — when it is a returning
 * browser, and one its address may add to the rollout (see regression.ts on who the rule hears).
 */
async function seen(
  db: Db,
  store: Pick<ReleaseStore, 'activeReleases'>,
  ticket: Ticket & { area: RemoteArea },
  troubles: Trouble[],
  voters: Voters,
) {
  const rollout = await rolloutOf(store, ticket);
  if (!rollout || !returning(ticket, voters.returnSeconds)) return;
  if (!(await admitted(db, voters.limit, rollout, ticket.browser, voters.address))) return;
  // The browser and its troubles at once: a round of the watch never counts a browser whose error is on its way.
  await db.transaction(async (tx) => {
    await tx
      .insert(rolloutBrowsers)
      .values({ ...rollout, version: ticket.version, browser: ticket.browser })
      .onConflictDoNothing();
    if (troubles.length)
      // The first trouble of each kind counts, on the version it came on: a browser weighs once per kind.
      await tx
        .insert(rolloutTroubles)
        .values(
          troubles.map((kind) => ({
            ...rollout,
            browser: ticket.browser,
            kind,
            version: ticket.version,
            percent: ticket.percent,
          })),
        )
        .onConflictDoNothing();
  });
}

/** Each version's speed: the 75th percentile over its browsers (each its slowest load), with how many. */
async function speedOf(db: Db, area: string, versions: string[]): Promise<VersionSpeed[]> {
  if (!versions.length) return [];
  const rows = await db
    .select({
      version: versionSpeed.version,
      lcp: sql<number | null>`percentile_cont(0.75) within group (order by ${versionSpeed.lcpMs})`,
      lcpBrowsers: sql<number>`count(${versionSpeed.lcpMs})::int`,
      inp: sql<number | null>`percentile_cont(0.75) within group (order by ${versionSpeed.inpMs})`,
      inpBrowsers: sql<number>`count(${versionSpeed.inpMs})::int`,
    })
    .from(versionSpeed)
    .where(and(eq(versionSpeed.area, area), inArray(versionSpeed.version, versions)))
    .groupBy(versionSpeed.version);
  return versions.map((version) => {
    const row = rows.find((found) => found.version === version);
    const ms = (value: number | null | undefined) =>
      value === null || value === undefined ? null : Math.round(Number(value));
    return {
      version,
      lcp: ms(row?.lcp),
      lcpBrowsers: row?.lcpBrowsers ?? 0,
      inp: ms(row?.inp),
      inpBrowsers: row?.inpBrowsers ?? 0,
    };
  });
}

/**
 * Forgets used tickets past their life, the browsers of rollouts that ended (read from the areas' rows now, not
 * from a list that may be a second old), and speed figures of a month ago.
 */
async function sweep(db: Db): Promise<void> {
  await db.delete(loadTicketUses).where(lt(loadTicketUses.expiresAt, new Date()));
  for (const table of [rolloutBrowsers, rolloutTroubles])
    await db.delete(table).where(
      notExists(
        db
          .select({ area: releaseAreas.area })
          .from(releaseAreas)
          .where(and(eq(releaseAreas.area, table.area), eq(releaseAreas.rolloutStartedAt, table.startedAt))),
      ),
    );
  await db.delete(versionSpeed).where(lt(versionSpeed.at, new Date(Date.now() - SPEED_KEPT_MS)));
}

/** The newest messages browsers reported of these versions of an area. */
async function samplesOf(db: Db, area: string, versions: string[]) {
  if (!versions.length) return [];
  return db
    .select()
    .from(clientErrorSamples)
    .where(and(eq(clientErrorSamples.area, area), inArray(clientErrorSamples.version, versions)))
    .orderBy(desc(clientErrorSamples.id))
    .limit(SAMPLES_PER_VERSION);
}

/** Adds counts to the database's, and keeps the newest samples of each version (in the caller's transaction). */
async function addCounts(
  tx: Pick<Db, 'insert' | 'select' | 'delete'>,
  counts: Counted[],
  kept: (typeof clientErrorSamples.$inferInsert)[],
) {
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
}

export function createClientReports(options: {
  db: Db;
  store: ReleaseStore;
  metrics: Metrics;
  tickets: LoadTickets;
  rule: Pick<RegressionRule, 'returnSeconds'>;
  /** Counts the browsers each client address adds to a rollout (its limit: the rule's browsersPerAddress). */
  voters: RateLimiter;
}) {
  const { db, store, metrics, tickets } = options;
  const pending = new Map<string, Counted>();
  let samples: (typeof clientErrorSamples.$inferInsert)[] = [];
  const releaseOf = releaseLookup(store);

  function count(area: RemoteArea, version: string, what: 'loads' | 'errors') {
    const key = `${area}@${version}`;
    const counted = pending.get(key) ?? { area, version, loads: 0, errors: 0 };
    counted[what] += 1;
    pending.set(key, counted);
  }

  const rejected = (reason: RejectionReason) => metrics.clientReportsRejected.inc({ reason });

  /** The ticket a part of a report brought, when it holds for the release its entry names. */
  async function ticketOf(entry: string | undefined, ticket: string | undefined, cookie: string | undefined) {
    const release = entry ? await releaseOf(entry) : undefined;
    if (!release) return void rejected(ticket ? 'version' : 'missing');
    const current = (await store.activeReleases()).get(release.area);
    const others = [current?.version, current?.rollout?.version].filter(
      (version): version is string => !!version && version !== release.version,
    );
    const verified = tickets.verify(ticket, { ...release, others }, cookie);
    if ('rejected' in verified) return void rejected(verified.rejected);
    return { ...verified, area: release.area };
  }

  return {
    releaseOf,
    speedOf: (area: string, versions: string[]) => speedOf(db, area, versions),
    sweep: () => sweep(db),
    samplesOf: (area: string, versions: string[]) => samplesOf(db, area, versions),

    /**
     * Counts what a report's tickets vouch for, each ticket once per kind (a load, an error, the speed figures);
     * the rest is dropped and counted by reason. `cookie`: the report's own, which must be the ticket's browser;
     * `ip`: the client address it came from (as the server sees it, behind its trusted proxies).
     */
    async record(
      report: ClientReport,
      cookie: string | undefined,
      ip: string,
    ): Promise<{ loads: number; errors: number; speed: number }> {
      const voters = {
        returnSeconds: options.rule.returnSeconds,
        limit: options.voters,
        address: tickets.addressKey(ip),
      };
      const checked = async <T extends { entry?: string; ticket?: string }>(parts: T[] | undefined, kind: Kind) =>
        (
          await Promise.all(
            (parts ?? []).map(async (part) => {
              const ticket = await ticketOf(part.entry, part.ticket, cookie);
              return ticket ? { part, ticket, kind } : undefined;
            }),
          )
        ).filter((use) => use !== undefined);
      const uses = [
        ...(await checked(report.loads, 'load')),
        ...(await checked(report.errors, 'error')),
        ...(await checked(report.speed, 'speed')),
      ];
      const first = await firstUses(db, uses, rejected);
      const counted = { loads: 0, errors: 0, speed: 0 };
      // What the report says of each browser (a load, an error, a slow tap), written for it in one go below.
      const sightings = new Map<string, { ticket: (typeof uses)[number]['ticket']; troubles: Set<Trouble> }>();
      const sighted = (ticket: (typeof uses)[number]['ticket'], troubles: Trouble[]) => {
        const key = `${ticket.area} ${ticket.version} ${ticket.browser}`;
        const now = sightings.get(key) ?? { ticket, troubles: new Set<Trouble>() };
        for (const trouble of troubles) now.troubles.add(trouble);
        sightings.set(key, now);
      };
      for (const use of uses) {
        if (!first.has(use)) continue;
        const { area, version } = use.ticket;
        if (use.kind === 'load') {
          metrics.areaLoads.inc({ area, version });
          count(area, version, 'loads');
          counted.loads++;
          sighted(use.ticket, []);
        } else if (use.kind === 'error') {
          const error = use.part as NonNullable<ClientReport['errors']>[number];
          const phase: ClientErrorPhase = error.phase;
          metrics.clientErrors.inc({ area, version, phase });
          count(area, version, 'errors');
          counted.errors++;
          if (samples.length < PENDING_SAMPLES)
            samples.push({
              area,
              version,
              phase,
              path: pathTemplate(error.path),
              message: scrubbed(error.message),
              trace: error.trace,
            });
          sighted(use.ticket, ['error']);
        } else {
          const { lcp, inp, cls } = use.part as NonNullable<ClientReport['speed']>[number];
          if (lcp !== undefined) metrics.lcp.observe({ area, version }, lcp / 1000);
          if (inp !== undefined) metrics.inp.observe({ area, version }, inp / 1000);
          if (cls !== undefined) metrics.cls.observe({ area, version }, cls);
          counted.speed++;
          await keepSpeed(db, use.ticket, { lcp, inp, cls });
          sighted(use.ticket, [
            ...(inp !== undefined && inp > POOR_INP_MS ? (['poor-inp'] as const) : []),
            ...(lcp !== undefined && lcp > POOR_LCP_MS ? (['poor-lcp'] as const) : []),
          ]);
        }
      }
      for (const { ticket, troubles } of sightings.values()) await seen(db, store, ticket, [...troubles], voters);
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
        await db.transaction((tx) => addCounts(tx, counts, kept));
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
  };
}
export type ClientReports = ReturnType<typeof createClientReports>;
