/**
 * Rendered public pages kept for the crowd a shared link brings. A visitor's page (no session hint,
 * no release trial) is kept per address, query, language and origin, compressed once for brotli and gzip, and
 * served again as long as nothing it shows has changed: the database raises a generation counter whenever
 * courses, jobs, users, certificates, images or the active releases change (a sequence raised by triggers when
 * the change commits, migration 0015: no lock any writer waits for), and an
 * instance reads it at most every second, so a change made through any instance empties every instance's
 * copies within a second. A copy is also dropped after a minute (a job's closing date passes without a write).
 * Concurrent requests for a page not kept yet wait for one render instead of rendering it each.
 *
 * A copy past its minute but of the current generation is still given, for ten minutes more, to a request whose
 * page cannot be rendered now (its address's share of renders is spent, the render failed): nothing it shows has
 * been written since, only the clock has moved (a job that closed in those minutes may still show as open, and
 * the API refuses an application to it all the same); it holds no one's data (a visitor's page only); and it
 * goes to that request alone, not to a shared cache.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { etagOf } from './http/etag';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface RenderedPage {
  status: number;
  html: string;
  language: string;
  /** Rendered for a signed-in user (their name in it): never kept. */
  personal?: boolean;
}

export interface KeptPage extends RenderedPage {
  br: Buffer;
  gzip: Buffer;
  /** Its ETag, made once: hashing the page for every visitor cost a kept page a fifth of its answers a second. */
  etag: string;
}

/** A page the server did not render for this request, and why (said in its `Server-Timing`). */
export interface Unrendered {
  unrendered: UnrenderedReason;
}

/**
 * Why: a signed-in area's page (its release renders nothing on the server), a render that failed (threw, too slow,
 * too much asked, its process died or the processes were all busy), the address's share of renders spent, no
 * render sandbox on this machine, no server build of the shell, or two areas claiming the address.
 */
export type UnrenderedReason =
  'signed-in' | 'render failed' | 'render budget spent' | 'sandbox unavailable' | 'no server build' | 'two areas';

export const isUnrendered = (outcome: object): outcome is Unrendered => 'unrendered' in outcome;

export interface PageCacheOptions {
  db: Db;
  /** How many pages an instance keeps. */
  maxEntries?: number;
  /** How long a copy is served at most. */
  maxAgeMs?: number;
  /** How often the generation is read again. */
  generationTtlMs?: number;
  /** How long past `maxAgeMs` a copy of the current generation may still be given when no render can be had. */
  lateMs?: number;
  now?: () => number;
}

/** Compressed once for the wire: a page is tens of KiB of text, a fifth of that compressed. */
export async function compressPage(page: RenderedPage): Promise<KeptPage> {
  const [br, gz] = await Promise.all([
    brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(page.html, { level: 6 }),
  ]);
  return { ...page, br, gzip: gz, etag: etagOf(page.html, true) };
}

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const generationTtlMs = options.generationTtlMs ?? 1000;
  const lateMs = options.lateMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { page: KeptPage; generation: number; at: number }>();
  const rendering = new Map<string, Promise<{ page: KeptPage; kept: boolean } | Unrendered>>();
  let generation: { at: number; value: Promise<number> } | undefined;

  function currentGeneration(): Promise<number> {
    if (!generation || now() - generation.at > generationTtlMs) {
      const value = options.db
        .execute(sql`select last_value from page_cache_generation_seq`)
        .then((result) =>
          Number((result as unknown as { rows: { last_value: string | number }[] }).rows[0]?.last_value ?? 0),
        );
      generation = { at: now(), value };
      value.catch(() => {
        if (generation?.value === value) generation = undefined;
      });
    }
    return generation.value;
  }

  /** This request's render of the page, kept when it may be; `lead`: the one the others wait for. */
  async function own(
    render: () => Promise<RenderedPage | Unrendered>,
    keep: (page: RenderedPage) => boolean,
    current: number,
    key: string,
    flight: string,
    lead: boolean,
  ): Promise<{ page: KeptPage; hit: boolean } | Unrendered> {
    const made = (async () => {
      const page = await render();
      if (isUnrendered(page)) return page;
      return { page: await compressPage(page), kept: page.status === 200 && keep(page) };
    })();
    if (lead) rendering.set(flight, made);
    try {
      const outcome = await made;
      if (isUnrendered(outcome)) return outcome;
      if (outcome.kept) {
        entries.delete(key);
        entries.set(key, { page: outcome.page, generation: current, at: now() });
        for (const oldest of entries.keys()) {
          if (entries.size <= maxEntries) break;
          entries.delete(oldest);
        }
      }
      return { page: outcome.page, hit: false };
    } finally {
      if (rendering.get(flight) === made) rendering.delete(flight);
    }
  }

  return {
    /**
     * The page kept under `key`, or the one `render` makes, kept when `keep` says so; or why `render` made none
     * (nothing is kept then).
     */
    async page(
      key: string,
      render: () => Promise<RenderedPage | Unrendered>,
      keep: (page: RenderedPage) => boolean,
    ): Promise<{ page: KeptPage; hit: boolean } | Unrendered> {
      const current = await currentGeneration();
      const flight = `${current} ${key}`;
      for (;;) {
        const kept = entries.get(key);
        if (kept && kept.generation === current && now() - kept.at < maxAgeMs) {
          // Most recently used last: the oldest go first when the cache is full.
          entries.delete(key);
          entries.set(key, kept);
          return { page: kept.page, hit: true };
        }
        // One render of this page for this generation at a time; the others wait for it.
        const pending = rendering.get(flight);
        if (!pending) break;
        const shared = await pending;
        if (!isUnrendered(shared) && shared.kept) return { page: shared.page, hit: true };
        // A page rendered that is not for others (a 404, another language): this request's own render.
        if (!isUnrendered(shared)) return own(render, keep, current, key, flight, false);
        // None could be had for the request that led because its address had spent its share: the next request
        // leads (and any others wait for it). Any other reason is the same for everyone (the render failed).
        if (shared.unrendered !== 'render budget spent') return shared;
      }
      return own(render, keep, current, key, flight, true);
    },

    /**
     * The copy kept under `key` when it is of the current generation, even past its minute (up to `lateMs` more):
     * for a request whose page cannot be rendered now. Undefined when there is none, or the generation cannot be read.
     */
    async late(key: string): Promise<KeptPage | undefined> {
      const current = await currentGeneration().catch(() => undefined);
      const kept = entries.get(key);
      if (!kept || current === undefined || kept.generation !== current) return undefined;
      return now() - kept.at < maxAgeMs + lateMs ? kept.page : undefined;
    },

    /** Forgets this instance's copy of the generation: the next page reads it again (after a local write). */
    forgetGeneration() {
      generation = undefined;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
