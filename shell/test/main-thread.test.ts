/** The start's steps let input in between: the rest of the work waits for a task of its own. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToInput } from '../src/main-thread';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('yielding to input', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToInput();
    expect(yielded).toHaveBeenCalledOnce();
  });

  it('elsewhere continues only in a later task, not in the same one', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let continued = false;
    const step = yieldToInput().then(() => (continued = true));
    // Microtasks of this task run first: the continuation must not be among them.
    await Promise.resolve();
    await Promise.resolve();
    expect(continued).toBe(false);
    await vi.runAllTimersAsync();
    await step;
    expect(continued).toBe(true);
  });
});
