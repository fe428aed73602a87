/**
 * Rendered public pages kept for the crowd a shared link brings. A visitor's page (no session hint,
 * no release trial) is kept per address, query, language and origin, compressed once for brotli and gzip, and
 * served again as long as nothing it shows has changed: the database raises a generation counter whenever
 * courses, jobs, users, certificates, images or the active releases change (a sequence raised by triggers when
 * the change commits, migration 0015: no lock any writer waits for), and an
 * instance reads it at most every second, so a change made through any instance empties every instance's
 * copies within a second. A copy is also dropped after a minute (a job's closing date passes without a write).
 * Concurrent requests for a page not kept yet wait for one render instead of rendering it each.
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

export interface PageCacheOptions {
  db: Db;
  /** How many pages an instance keeps. */
  maxEntries?: number;
  /** How long a copy is served at most. */
  maxAgeMs?: number;
  /** How often the generation is read again. */
  generationTtlMs?: number;
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
  const entries = new Map<string, { page: KeptPage; generation: number; at: number }>();
  const rendering = new Map<string, Promise<{ page: KeptPage; kept: boolean } | null>>();
  let generation: { at: number; value: Promise<number> } | undefined;

  function currentGeneration(): Promise<number> {
    if (!generation || Date.now() - generation.at > generationTtlMs) {
      const value = options.db
        .execute(sql`select last_value from page_cache_generation_seq`)
        .then((result) =>
          Number((result as unknown as { rows: { last_value: string | number }[] }).rows[0]?.last_value ?? 0),
        );
      generation = { at: Date.now(), value };
      value.catch(() => {
        if (generation?.value === value) generation = undefined;
      });
    }
    return generation.value;
  }

  return {
    /**
     * The page kept under `key`, or the one `render` makes, kept when `keep` says so (null: the browser renders
     * the page, nothing is kept).
     */
    async page(
      key: string,
      render: () => Promise<RenderedPage | null>,
      keep: (page: RenderedPage) => boolean,
    ): Promise<{ page: KeptPage | null; hit: boolean }> {
      const now = await currentGeneration();
      const kept = entries.get(key);
      if (kept && kept.generation === now && Date.now() - kept.at < maxAgeMs) {
        // Most recently used last: the oldest go first when the cache is full.
        entries.delete(key);
        entries.set(key, kept);
        return { page: kept.page, hit: true };
      }
      // One render of this page for this generation at a time; the others wait for it.
      const flight = `${now} ${key}`;
      const pending = rendering.get(flight);
      if (pending) {
        const shared = await pending;
        if (shared?.kept) return { page: shared.page, hit: true };
      }
      const made = (async () => {
        const page = await render();
        return page && { page: await compressPage(page), kept: page.status === 200 && keep(page) };
      })();
      if (!pending) rendering.set(flight, made);
      try {
        const outcome = await made;
        if (outcome?.kept) {
          entries.delete(key);
          entries.set(key, { page: outcome.page, generation: now, at: Date.now() });
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
        }
        return { page: outcome?.page ?? null, hit: false };
      } finally {
        if (rendering.get(flight) === made) rendering.delete(flight);
      }
    },

    /** Forgets this instance's copy of the generation: the next page reads it again (after a local write). */
    forgetGeneration() {
      generation = undefined;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
