/**
 * Fixed-window counters in memory. Each API process counts on its own, so N instances allow up to N times
 * the limit; that bounds brute force well enough for login and the contact form. (The architecture's
 * plan for many instances is Redis-backed counters behind this same interface.)
 */
export interface RateLimiter {
  /** Counts one hit on `key`; false when the key is over its limit for the current window. */
  hit(key: string): boolean;
  /** True when `key` is already over its limit (without counting). */
  blocked(key: string): boolean;
  reset(key: string): void;
  /** Seconds until the window of `key` ends. */
  retryAfter(key: string): number;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function current(key: string) {
    const t = now();
    if (t - lastSweep > windowMs) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      lastSweep = t;
    }
    const w = windows.get(key);
    return w && w.resetAt > t ? w : undefined;
  }

  return {
    hit(key) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= limit;
    },
    blocked(key) {
      const w = current(key);
      return !!w && w.count >= limit;
    },
    reset(key) {
      windows.delete(key);
    },
    retryAfter(key) {
      const w = current(key);
      return w ? Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) : 0;
    },
  };
}
