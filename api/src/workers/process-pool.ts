/**
 * Code of a team that is not the backend's runs in processes of its own, never in the API's: a process shares
 * nothing with the API but what the parent sends it (no environment, no memory, no report, no log stream).
 * Each process starts with
 *  - an empty environment (only NODE_ENV), so no secret is there to read;
 *  - Node's permission model: read access to an allow-list of paths (its own module and the files it is
 *    given), no writes, no child processes, no worker threads, no native addons;
 *  - no code from strings (V8's flag, for the whole process);
 *  - a heap limit, and a resident-size watchdog that kills it: memory outside the heap (ArrayBuffers) counts
 *    too (an address-space limit would not do: Node's WebAssembly maps gigabytes it never touches);
 *  - a deadline per task that kills it.
 * Its standard output goes nowhere and its standard error is logged as a clipped field of the API's own line,
 * so it can never write a line of the API's log. A task may ask the parent questions (the API's reads, a
 * release's file); the parent answers through the task's `answer`, and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

export interface ProcessPoolOptions {
  /** The module's name: src/workers/<name>.ts, built to dist/<name>.mjs beside server.js. */
  module: string;
  /** What the pool is for, in log lines. */
  label: string;
  /** Paths a process may read besides its own module (a folder as `/folder/*`). */
  readable: string[];
  maxProcesses: number;
  /** Processes kept alive however idle (a warm one answers without loading its modules again). */
  minProcesses?: number;
  /** Tasks waiting for a process beyond this are refused at once (ProcessPoolBusy). */
  maxQueue: number;
  /** Tasks a process runs before it is replaced (1: a new process for every task). */
  tasksPerProcess?: number;
  heapMb: number;
  /** Resident memory (heap, buffers, code: everything) past which the process is killed. */
  residentMb: number;
  idleTimeoutMs?: number;
  log?: FastifyBaseLogger;
}

/** The task ran past its deadline: its process was killed. */
export class TaskDeadline extends Error {}
/** Every process is busy and the queue is full. */
export class ProcessPoolBusy extends Error {}
/** The process died during the task (killed for its memory, exited, crashed). */
export class ProcessDied extends Error {}

/** What travels between the parent and a process. */
export type ToProcess<Task> =
  | { type: 'task'; task: Task }
  | { type: 'answer'; id: number; answer: unknown }
  | { type: 'answer'; id: number; error: string };
export type FromProcess<Result> =
  | { type: 'ask'; id: number; question: unknown }
  | { type: 'done'; result: Result }
  | { type: 'failed'; message: string };

const WATCH_INTERVAL_MS = 50;
const STDERR_KEPT = 2048;

let builtFromSource: string | undefined;
/**
 * The module's file: beside the bundle (dist/<name>.mjs, written by scripts/build.mjs), or, when the API runs
 * from source (tests), bundled once into a temporary folder: a process under the permission model cannot load
 * a TypeScript loader from node_modules, and should not be allowed to read the repository.
 */
function moduleFile(name: string): string {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return fileURLToPath(new URL(`./${name}.mjs`, here));
  builtFromSource ??= mkdtempSync(join(tmpdir(), 'btls-workers-'));
  const file = join(builtFromSource, `${name}.mjs`);
  if (!existsSync(file)) {
    // A development dependency: only reached when running from source.
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL(`./${name}.ts`, here))],
      outfile: file,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
    });
  }
  return file;
}

function residentMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Running<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
  answer(question: unknown): Promise<unknown>;
}

interface Member<Result> {
  child: ChildProcess;
  busy: Running<Result> | null;
  tasks: number;
  idleTimer?: NodeJS.Timeout;
  watch: NodeJS.Timeout;
  stderr: string;
  dead: boolean;
}

export function createProcessPool<Task, Result>(options: ProcessPoolOptions) {
  const file = moduleFile(options.module);
  for (const path of [file, ...options.readable])
    if (/[,\n]/.test(path)) throw new Error(`${options.label}: a readable path may not hold a comma: ${path}`);
  const nodeArgs = [
    '--experimental-permission',
    `--allow-fs-read=${file}`,
    ...options.readable.map((path) => `--allow-fs-read=${path}`),
    '--no-addons',
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${options.heapMb}`,
    '--max-semi-space-size=16',
    '--no-warnings',
    file,
  ];
  const members = new Set<Member<Result>>();
  const queue: { task: Task; running: Running<Result> }[] = [];
  let closed = false;

  function start(): Member<Result> {
    const child = spawn(process.execPath, nodeArgs, {
      // Nothing of the API's environment: only the mode React and the shell's build read.
      env: { NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : 'production' },
      cwd: '/',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const member: Member<Result> = {
      child,
      busy: null,
      tasks: 0,
      stderr: '',
      dead: false,
      watch: setInterval(() => {
        const used = child.pid === undefined ? undefined : residentMb(child.pid);
        if (used !== undefined && used > options.residentMb) {
          options.log?.warn({ pool: options.label, residentMb: Math.round(used) }, 'A process passed its memory cap');
          kill(member, new ProcessDied(`${options.label}: past its ${options.residentMb} MB memory cap`));
        }
      }, WATCH_INTERVAL_MS),
    };
    member.watch.unref();
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (member.stderr.length < STDERR_KEPT) member.stderr += text.slice(0, STDERR_KEPT - member.stderr.length);
    });
    child.on('message', (message: FromProcess<Result>) => void onMessage(member, message));
    child.on('error', (error) => kill(member, new ProcessDied(`${options.label}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (member.stderr.trim())
        options.log?.warn({ pool: options.label, code, signal, stderr: member.stderr }, 'A process wrote errors');
      kill(member, new ProcessDied(`${options.label}: the process ended (${signal ?? code})`));
    });
    members.add(member);
    return member;
  }

  async function onMessage(member: Member<Result>, message: FromProcess<Result>) {
    const running = member.busy;
    if (!running || member.dead || typeof message !== 'object' || message === null) return;
    if (message.type === 'ask') {
      let reply: ToProcess<Task>;
      try {
        reply = { type: 'answer', id: message.id, answer: await running.answer(message.question) };
      } catch (error) {
        reply = { type: 'answer', id: message.id, error: (error as Error).message };
      }
      if (member.busy === running && !member.dead) member.child.send(reply);
      return;
    }
    member.busy = null;
    if (message.type === 'done') running.resolve(message.result);
    else running.reject(new Error(String(message.message).slice(0, 500)));
    release(member);
  }

  /** Ends a process (its task, if any, fails with `why`) and starts what the pool keeps warm. */
  function kill(member: Member<Result>, why: Error) {
    if (member.dead) return;
    member.dead = true;
    members.delete(member);
    clearInterval(member.watch);
    clearTimeout(member.idleTimer);
    member.child.kill('SIGKILL');
    const running = member.busy;
    member.busy = null;
    running?.reject(why);
    if (!closed) {
      next();
      warm();
    }
  }

  /** After a task: the process takes the next one, or waits (idle ones end after a while), or is replaced. */
  function release(member: Member<Result>) {
    if (options.tasksPerProcess !== undefined && member.tasks >= options.tasksPerProcess)
      return kill(member, new ProcessDied('recycled'));
    const waiting = queue.shift();
    if (waiting) return assign(member, waiting.task, waiting.running);
    const idle = [...members].filter((one) => !one.busy).length;
    if (idle > (options.minProcesses ?? 0)) {
      member.idleTimer = setTimeout(() => {
        if (!member.busy) kill(member, new ProcessDied('idle'));
      }, options.idleTimeoutMs ?? 60_000);
      member.idleTimer.unref();
    }
  }

  function assign(member: Member<Result>, task: Task, running: Running<Result>) {
    clearTimeout(member.idleTimer);
    member.busy = running;
    member.tasks += 1;
    member.child.send({ type: 'task', task } satisfies ToProcess<Task>);
  }

  /** Gives queued tasks to idle processes, starting new ones up to the maximum. */
  function next() {
    while (queue.length) {
      const idle = [...members].find((member) => !member.busy);
      const member = idle ?? (members.size < options.maxProcesses ? start() : undefined);
      if (!member) return;
      const { task, running } = queue.shift()!;
      assign(member, task, running);
    }
  }

  function warm() {
    while (!closed && members.size < (options.minProcesses ?? 0)) start();
  }
  warm();

  return {
    /**
     * Runs one task; its questions are answered by `answer`. Past `deadlineMs` the process is killed and
     * TaskDeadline thrown.
     */
    run(task: Task, deadlineMs: number, answer: (question: unknown) => Promise<unknown>): Promise<Result> {
      if (closed) return Promise.reject(new ProcessDied(`${options.label}: closed`));
      const busy = [...members].every((member) => member.busy) && members.size >= options.maxProcesses;
      if (busy && queue.length >= options.maxQueue) return Promise.reject(new ProcessPoolBusy());
      return new Promise<Result>((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = queue.findIndex((waiting) => waiting.running === running);
          if (index >= 0) queue.splice(index, 1);
          const member = [...members].find((one) => one.busy === running);
          const late = new TaskDeadline(`${options.label}: past its ${deadlineMs} ms deadline`);
          if (member) kill(member, late);
          else reject(late);
        }, deadlineMs);
        const running: Running<Result> = {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
          answer,
        };
        queue.push({ task, running });
        next();
      });
    },
    /** The processes now alive (for tests and metrics). */
    pids: () => [...members].map((member) => member.child.pid),
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.running.reject(new ProcessDied(`${options.label}: closed`));
      for (const member of [...members]) kill(member, new ProcessDied(`${options.label}: closed`));
    },
  };
}
