/**
 * Work whose cost a stranger chooses runs in a worker pool: a task past its deadline has its
 * thread ended, a thread that allocates without end or exits ends alone, and no thread sees the API's secrets.
 * Meanwhile the API's own thread keeps answering.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerDeadline } from '../src/workers/pool';

type Task = { act: 'loop' | 'allocate' | 'exit' | 'throw' | 'env' | 'echo'; value?: string };
const pool = createWorkerPool<Task, unknown>({
  module: new URL('./fixtures/hostile-worker.ts', import.meta.url).href,
  maxThreads: 2,
  maxQueue: 8,
  memoryMb: 64,
  env: { LANG: 'C' },
});
afterAll(() => pool.close());

/** How late a 50 ms timer of the calling thread fires while `work` runs: the event loop stays free. */
async function timerLateness(work: Promise<unknown>): Promise<number> {
  const started = Date.now();
  const late = await new Promise<number>((done) => setTimeout(() => done(Date.now() - started - 50), 50));
  await work.catch(() => undefined);
  return late;
}

describe('the worker pool', () => {
  it('ends a task that never returns at its deadline, while the calling thread goes on', async () => {
    const started = Date.now();
    const looping = pool.run({ act: 'loop' }, 1500);
    expect(await timerLateness(looping)).toBeLessThan(500);
    await expect(looping).rejects.toBeInstanceOf(WorkerDeadline);
    expect(Date.now() - started).toBeLessThan(5000);
    // The pool serves the next task with a new thread.
    expect(await pool.run({ act: 'echo', value: 'after' }, 5000)).toBe('after');
  });

  it('ends a thread that allocates without end, or exits, and only that thread', async () => {
    await expect(pool.run({ act: 'allocate' }, 20_000)).rejects.toThrow();
    await expect(pool.run({ act: 'exit' }, 5000)).rejects.toThrow();
    await expect(pool.run({ act: 'throw' }, 5000)).rejects.toThrow('a server part that throws');
    expect(await pool.run({ act: 'echo', value: 'alive' }, 5000)).toBe('alive');
  });

  it('gives the threads only the environment it was told to, never the secrets of the API', async () => {
    process.env.JWT_SECRET ??= 'a-secret-of-the-api-that-no-worker-may-read';
    const env = (await pool.run({ act: 'env' }, 5000)) as Record<string, string>;
    expect(env.LANG).toBe('C');
    for (const secret of ['JWT_SECRET', 'BTLS_ISSUER_KEY', 'DATABASE_URL', 'TEST_DATABASE_URL', 'SMTP_URL'])
      expect(env[secret], secret).toBeUndefined();
  });
});
