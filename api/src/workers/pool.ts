/**
 * Work whose cost a stranger chooses runs in worker threads, never in the API's own: a pool (Piscina) whose
 * threads get no secrets in their environment, a memory limit, and a deadline per task that ends the thread
 * (the credential check). The API's thread goes on answering meanwhile.
 */
import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

export interface PoolOptions {
  /** The worker module's name (src/workers/<name>.ts, built to dist/<name>.js beside server.js), or its file: URL. */
  module: string;
  maxThreads: number;
  /** Threads kept alive however idle (a warm one answers without loading its modules again); 0 by default. */
  minThreads?: number;
  /** Tasks waiting for a thread beyond this are refused at once (WorkerPoolBusy). */
  maxQueue: number;
  /** The heap a thread may use before it is ended. */
  memoryMb: number;
  /** The environment the threads see (never the API's own: it holds the secrets). */
  env?: Record<string, string>;
  /** Node's flags for the threads, besides those that load the module. */
  execArgv?: string[];
  idleTimeoutMs?: number;
}

/** The task ran past its deadline: its thread was ended. */
export class WorkerDeadline extends Error {}
/** Every thread is busy and the queue is full. */
export class WorkerPoolBusy extends Error {}

/**
 * Where a worker module is: beside this file when it runs from source (tests, `npm run dev`: loaded through
 * tsx), else beside the bundle (dist/<name>.js, written by scripts/build.mjs).
 */
function workerModule(name: string): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  // A module given by its address (a test's own worker).
  if (name.startsWith('file:')) return { filename: name, execArgv: name.endsWith('.ts') ? ['--import', 'tsx'] : [] };
  if (here.endsWith('.ts')) return { filename: new URL(`./${name}.ts`, here).href, execArgv: ['--import', 'tsx'] };
  return { filename: new URL(`./${name}.js`, here).href, execArgv: [] };
}

export function createWorkerPool<Task, Result>(options: PoolOptions) {
  const { filename, execArgv } = workerModule(options.module);
  const pool = new Piscina<Task, Result>({
    filename,
    execArgv: [...execArgv, ...(options.execArgv ?? [])],
    minThreads: options.minThreads ?? 0,
    maxThreads: options.maxThreads,
    maxQueue: options.maxQueue,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production', ...options.env },
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 16 },
  });
  return {
    /** Runs one task; past `deadlineMs` its thread is ended and WorkerDeadline thrown. */
    async run(task: Task, deadlineMs: number, transferList?: Transferable[]): Promise<Result> {
      const signal = AbortSignal.timeout(deadlineMs);
      try {
        return await pool.run(task, { signal, ...(transferList ? { transferList } : {}) });
      } catch (error) {
        if (signal.aborted) throw new WorkerDeadline(`${options.module}: past its ${deadlineMs} ms deadline`);
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new WorkerPoolBusy();
        throw error;
      }
    },
    close: () => pool.close({ force: true }),
  };
}
