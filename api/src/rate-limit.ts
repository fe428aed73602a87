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
  /**
   * A turn in a smooth share of `limit` a window (a burst of `limit`, then one every `windowMs / limit`): how long
   * until it, and whether it was taken (only when that is within `maxWaitMs`). A store without it gives turns of
   * its fixed window: now or refused.
   */
  reserve?(
    key: string,
    limit: number,
    windowMs: number,
    maxWaitMs: number,
    now: number,
  ): Promise<{ waitMs: number; taken: boolean }>;
}

/** A turn of a limiter's share: now (`waitMs` 0), or held for the caller after `waitMs`; else refused. */
export type Turn = { waitMs: number } | { retryAfter: number };

/** Over the limit: the answer's words, or a function of the minutes left to wait. */
export type LimitMessage = ErrorText | ((minutes: number) => ErrorText);

export interface RateLimiter {
  /** How many hits a window allows, and the window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one hit on `key` (whether or not it is allowed). */
  hit(key: string): Promise<Hit>;
  /**
   * Counts one hit on `key` and throws the 429 (with Retry-After and the limiter's message) when it is over
   * the limit; a 503 when the counter store cannot be reached (refused rather than run unlimited).
   */
  enforce(key: string): Promise<void>;
  /** Forgets `key`'s count (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /**
   * Takes a turn for `key` in the limit spread over its window when it comes within `maxWaitMs` (the caller waits
   * `waitMs` for it: turns are held in order, so waiting callers never race each other); else refused with the
   * seconds until the next. Not counted by `hit`, nor a refusal the metrics count.
   */
  turn(key: string, maxWaitMs: number, now?: number): Promise<Turn>;
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
    limit,
    windowMs,
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
    async turn(key, maxWaitMs, now = Date.now()) {
      if (!store.reserve) {
        const result = await hit(key);
        return result.allowed ? { waitMs: 0 } : { retryAfter: result.retryAfter };
      }
      const { waitMs, taken } = await store.reserve(full(key), limit, windowMs, maxWaitMs, now);
      return taken ? { waitMs } : { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
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
  /** Each key's next free turn (the cell rate algorithm's theoretical arrival time), oldest first. */
  const nextTurns = new Map<string, number>();
  return {
    async reserve(key, limit, windowMs, maxWaitMs, now) {
      const interval = windowMs / limit;
      const next = Math.max(nextTurns.get(key) ?? now, now);
      // A burst of `limit` is let through at once; then a turn every interval.
      const waitMs = Math.max(0, next - (windowMs - interval) - now);
      if (waitMs > maxWaitMs) return { waitMs, taken: false };
      nextTurns.delete(key);
      nextTurns.set(key, next + interval);
      for (const [oldest, at] of nextTurns) {
        if (nextTurns.size <= maxKeys && at > now) break;
        // A key whose turns are all back is as good as new; past `maxKeys` the oldest goes.
        nextTurns.delete(oldest);
      }
      return { waitMs, taken: true };
    },
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
      nextTurns.delete(key);
    },
    async close() {
      counters.clear();
      nextTurns.clear();
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

/** The time, and a wait, as the render gate sees them (tests give their own). */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // (Not a reason to keep a stopping process alive: the request waiting on it goes with the server.)
  sleep: (ms) => new Promise((done) => setTimeout(done, ms).unref()),
};

/** A render let through the gate: given back (once; again is nothing) when the render ends. */
export interface RenderPass {
  done(): void;
}

export interface RenderGateOptions {
  /** The renders one address may start, spread over the window (`turn`). */
  turns: RateLimiter;
  /**
   * Renders one address may have running at once: by default what two seconds of its share start (a render takes
   * well under a second), two at least: 2 for 60 a minute. An operator who gives one address a share for a
   * crowd (a test rig, a proxy of many users) gives it the places to use it.
   */
  running?: number;
  /** Requests of one address that may wait for a render at once: by default twice its running places. */
  waiting?: number;
  /** How long a request waits at most. */
  maxWaitMs?: number;
  clock?: Clock;
}

/**
 * Who may start a render, by client address, on this instance: a turn of the address's share a minute (a burst of
 * the whole share, then one turn every minute / share) and a place among the few renders one address may have
 * running at once, so one address never fills the render processes' queue ahead of everyone else. A request may
 * wait for both, briefly, behind a few others of its address at most; past that it is refused with when to come
 * back. What holds nothing: a waiting request holds no render process, only its own connection.
 */
export function createRenderGate(options: RenderGateOptions) {
  const { limit, windowMs } = options.turns;
  const running = options.running ?? Math.max(2, Math.ceil((limit * 2000) / windowMs));
  const waiting = options.waiting ?? 2 * running;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const clock = options.clock ?? systemClock;
  const addresses = new Map<string, { running: number; waiting: number; freed: (() => void)[] }>();
  const stateOf = (key: string) => {
    let state = addresses.get(key);
    if (!state) addresses.set(key, (state = { running: 0, waiting: 0, freed: [] }));
    return state;
  };
  const forget = (key: string) => {
    const state = addresses.get(key);
    if (state && !state.running && !state.waiting) addresses.delete(key);
  };
  /** Gives back a place taken (`state.running` counted already). */
  const giveBack = (key: string, state: { running: number; freed: (() => void)[] }) => {
    state.running -= 1;
    // Every waiter of the address looks again (a few at most): the first to find a place takes it.
    for (const wake of state.freed.splice(0)) wake();
    forget(key);
  };
  const passOf = (key: string, state: { running: number; freed: (() => void)[] }): RenderPass => {
    let given = false;
    return {
      done() {
        if (given) return;
        given = true;
        giveBack(key, state);
      },
    };
  };
  const refused = (retryAfter: number) => ({ retryAfter: Math.max(1, retryAfter) });
  return {
    /** A pass at once (a turn and a place free), or null: nothing is taken. */
    async now(key: string): Promise<RenderPass | null> {
      const state = stateOf(key);
      if (state.running >= running || state.waiting > 0) {
        forget(key);
        return null;
      }
      // The place is held while the turn is asked for.
      state.running += 1;
      // The turns are this instance's memory: a store that cannot answer lets the render through.
      const turn = await options.turns.turn(key, 0, clock.now()).catch(() => ({ waitMs: 0 }));
      if (!('retryAfter' in turn)) return passOf(key, state);
      giveBack(key, state);
      return null;
    },

    /** How long from now a request may wait at most (`wait`'s `until`). */
    deadline: () => clock.now() + maxWaitMs,

    /**
     * A pass after waiting `maxWaitMs` at most (and not past `until`: a request that waited already waits no
     * more in all), or when to come back (seconds).
     */
    async wait(key: string, until = clock.now() + maxWaitMs): Promise<RenderPass | { retryAfter: number }> {
      const state = stateOf(key);
      const deadline = Math.min(until, clock.now() + maxWaitMs);
      if (state.waiting >= waiting || deadline <= clock.now()) {
        forget(key);
        return refused(Math.ceil(maxWaitMs / 1000));
      }
      state.waiting += 1;
      try {
        const turn = await options.turns.turn(key, deadline - clock.now(), clock.now()).catch(() => ({ waitMs: 0 }));
        if ('retryAfter' in turn) return refused(turn.retryAfter);
        if (turn.waitMs > 0) await clock.sleep(turn.waitMs);
        while (state.running >= running) {
          const left = deadline - clock.now();
          // (Its turn is spent: the share counts renders asked for, not renders done.)
          if (left <= 0) return refused(Math.ceil(maxWaitMs / 1000));
          let wake = () => {};
          const freed = new Promise<void>((done) => (wake = done));
          state.freed.push(wake);
          await Promise.race([freed, clock.sleep(left)]);
          state.freed = state.freed.filter((other) => other !== wake);
        }
        state.running += 1;
        return passOf(key, state);
      } finally {
        state.waiting -= 1;
        forget(key);
      }
    },
  };
}

export type RenderGate = ReturnType<typeof createRenderGate>;
