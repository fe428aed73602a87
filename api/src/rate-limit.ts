/**
 * Fixed-window counters shared by every API instance: kept in the database (PostgreSQL, or PGlite when
 * embedded) by default, in Redis when REDIS_URL is set. Each hit is counted atomically before the work it
 * guards runs, so a burst of parallel requests can never get more than the limit through, on any number of
 * instances.
 */
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from './db/client';
import { serviceBusy, tooManyRequests, type ErrorText } from './http/errors';

export interface Hit {
  /** False when this hit is over the limit of the current window. */
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** Where the counters live: one atomic "add one, answer the count" per hit. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Over the limit: the answer's words, or a function of the minutes left to wait. */
export type LimitMessage = ErrorText | ((minutes: number) => ErrorText);

export interface RateLimiter {
  /** Counts one hit on `key` (whether or not it is allowed). */
  hit(key: string): Promise<Hit>;
  /**
   * Counts one hit on `key` and throws the 429 (with Retry-After and the limiter's message) when it is over
   * the limit; a 503 when the counter store cannot be reached (refused rather than run unlimited).
   */
  enforce(key: string): Promise<void>;
  /** Forgets `key`'s count (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

/** `name` keeps the keys of different limiters apart in the one store; `message` is what a 429 says. */
export function createRateLimiter(
  store: CounterStore,
  name: string,
  limit: number,
  windowMs: number,
  message: LimitMessage,
  /** Told of each refusal (the metrics count them). */
  onRefused: () => void = () => {},
): RateLimiter {
  const full = (key: string) => `${name}:${key}`;
  const hit = async (key: string): Promise<Hit> => {
    const { count, msLeft } = await store.increment(full(key), windowMs);
    return { allowed: count <= limit, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
  };
  return {
    hit,
    async enforce(key) {
      let result: Hit;
      try {
        result = await hit(key);
      } catch {
        throw serviceBusy();
      }
      if (result.allowed) return;
      onRefused();
      const words = typeof message === 'function' ? message(Math.ceil(result.retryAfter / 60)) : message;
      throw tooManyRequests(words, result.retryAfter);
    },
    reset: (key) => store.reset(full(key)),
  };
}

/** Counters in the `rate_limits` table; expired rows are swept now and then. */
export function databaseCounterStore(db: Db): CounterStore {
  let hits = 0;
  return {
    async increment(key, windowMs) {
      const result = await db.execute<{ count: number; ms_left: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= clock_timestamp() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= clock_timestamp() then excluded.reset_at else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - clock_timestamp())) * 1000)::float8 as ms_left`);
      const row = (result as unknown as { rows: { count: number; ms_left: number }[] }).rows[0]!;
      if (++hits % 500 === 0) await db.execute(sql`delete from rate_limits where reset_at < clock_timestamp()`);
      return { count: Number(row.count), msLeft: Number(row.ms_left) };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async close() {},
  };
}

/**
 * Counters of this instance alone, for a limit that protects this instance's own work (its render processes):
 * no round trip to the database for each page. At most `maxKeys` are kept; the oldest window goes first.
 */
export function memoryCounterStore(maxKeys = 10_000): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    async increment(key, windowMs) {
      const now = Date.now();
      let counter = counters.get(key);
      if (!counter || counter.resetAt <= now) {
        counters.delete(key);
        counter = { count: 0, resetAt: now + windowMs };
        counters.set(key, counter);
        for (const oldest of counters.keys()) {
          if (counters.size <= maxKeys) break;
          counters.delete(oldest);
        }
      }
      counter.count += 1;
      return { count: counter.count, msLeft: counter.resetAt - now };
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

/** INCR, and the window's expiry set by the first hit; one script, so atomic. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export function redisCounterStore(url: string): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Without a listener a lost connection would crash the process; commands fail (and the request answers 500).
  redis.on('error', () => {});
  return {
    async increment(key, windowMs) {
      const [count, msLeft] = (await redis.eval(INCREMENT_SCRIPT, 1, `btls:rl:${key}`, String(windowMs))) as [
        number,
        number,
      ];
      return { count, msLeft };
    },
    async reset(key) {
      await redis.del(`btls:rl:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}
