/**
 * Waiting for a condition, not for a time: `await eventually(async () => expect(await x()).toBe(1))` runs the
 * check until it passes (every 20 ms) and fails with its last error once `within` ms have gone by. A test then
 * takes as long as the machine needs, and no longer.
 */
export async function eventually<T>(check: () => T | Promise<T>, { within = 10_000, every = 20 } = {}): Promise<T> {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
