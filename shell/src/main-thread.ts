/**
 * Lets the visitor's taps and keys in between two steps of work: the rest continues in a task of its own, ahead
 * of other queued work where the browser has `scheduler.yield` (so a start split in steps is not overtaken by
 * what it queued itself), after a zero timeout elsewhere.
 */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
