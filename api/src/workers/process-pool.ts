/**
 * Code of a team that is not the backend's runs in processes of its own, never in the API's: a process shares
 * nothing with the API but what the parent sends it (no environment, no memory, no report, no log stream).
 * Each process starts
 *  - in a sandbox (./sandbox.ts): no network at all, a file system of read-only system folders and the files
 *    it is given, a kernel cap on its memory;
 *  - with an empty environment (only NODE_ENV), so no secret is there to read;
 *  - under Node's permission model: read access to an allow-list of paths (its own module and the files it is
 *    given), no writes, no child processes, no worker threads, no native addons;
 *  - with no code from strings (V8's flag, for the whole process);
 *  - with a heap limit, and a resident-size watchdog that kills it (memory outside the heap counts too);
 *  - with a deadline per task that kills it.
 * Its standard output goes nowhere and its standard error is logged as a clipped field of the API's own line,
 * so it can never write a line of the API's log. A task may ask the parent questions (the API's reads, a
 * release's file); the parent answers through the task's `answer`, and nothing else, within the task's budget
 * of questions (how many, how many at once, how many bytes answered): past it the process is killed.
 *
 * A process belongs to the first `key` it runs a task for (for the server render: the area whose server part it
 * may load, and the set of releases) and never runs a task of another key; `retire` kills the processes of keys
 * no longer wanted. What one set of code did to its process (a patched prototype) therefore never reaches a task
 * of another set. The processes used last stay (`minProcesses`, warm: their modules loaded); the others end
 * once idle for a while, so a key that is no longer asked for holds no memory.
 *
 * A process ends with its sandbox (./sandbox.ts, endSandbox), when the pool ends it and when the API exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { readFrames, sendFrame } from './channel';
import { endSandbox, type Sandbox } from './sandbox';

export interface ProcessPoolOptions {
  /** The module's name: src/workers/<name>.ts, built to dist/<name>.mjs beside server.js. */
  module: string;
  /** What the pool is for, in log lines. */
  label: string;
  /** Where its processes start (no process is ever started outside it). */
  sandbox: Sandbox;
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
  /** What a task may ask of the parent; past any of these its process is killed (TaskBudget). */
  questions: QuestionBudget;
  idleTimeoutMs?: number;
  log?: FastifyBaseLogger;
}

export interface QuestionBudget {
  /** Questions a task may ask in all. */
  perTask: number;
  /** Bytes a task may send (its questions and its result): a message past them is refused unread. */
  sent: number;
  /** Questions answered at once; the others wait their turn (the process waits for its answers). */
  concurrent: number;
  /** Bytes of answers a task may be given in all (measured by `sizeOf`). */
  bytes: number;
  sizeOf(answer: unknown): number;
}

/** The task ran past its deadline: its process was killed. */
export class TaskDeadline extends Error {}
/** The task asked more of the parent than its budget: its process was killed. */
export class TaskBudget extends Error {}
/** Every process is busy and the queue is full. */
export class ProcessPoolBusy extends Error {}
/** The process died during the task (killed for its memory, exited, crashed). */
export class ProcessDied extends Error {}

/**
 * What travels between the parent and a process (./channel.ts), each naming its task: a message of another task
 * (a late answer, a forged one) is not taken for the task running.
 */
export type ToProcess<Task> =
  | { type: 'task'; task: number; body: Task }
  | { type: 'answer'; task: number; id: number; answer: unknown }
  | { type: 'answer'; task: number; id: number; error: string };
export type FromProcess<Result> =
  | { type: 'ask'; task: number; id: number; question: unknown }
  | { type: 'done'; task: number; result: Result }
  | { type: 'failed'; task: number; message: string };

const WATCH_INTERVAL_MS = 50;
const STDERR_KEPT = 2048;
/**
 * What the kernel's cap on a process's data leaves for the rest of what is resident (Node's code and the
 * libraries', about 40 MB): data capped at the resident cap less this keeps the whole under the resident cap.
 */
const CODE_MB = 64;

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

/**
 * What a process and every process under it hold in memory (the sandbox's own processes come first), or
 * undefined when it cannot be read; `seen.children` is false when the kernel does not list a process's children.
 */
function residentMb(pid: number, seen: { children: boolean }, depth = 0): number | undefined {
  let own: number;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    own = match ? Number(match[1]) / 1024 : 0;
  } catch {
    return undefined;
  }
  let children: string[] = [];
  try {
    if (depth < 4)
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    seen.children = false;
  }
  return children.reduce((total, child) => total + (residentMb(Number(child), seen, depth + 1) ?? 0), own);
}

interface Running<Result> {
  /** The task's number, in its messages. */
  id: number;
  /** Bytes the process has sent for it. */
  sent: number;
  resolve(result: Result): void;
  reject(error: Error): void;
  answer(question: unknown): Promise<unknown>;
  /** The questions asked so far, those being answered, and the bytes answered. */
  asked: number;
  answering: number;
  answered: number;
  /** Questions waiting for one being answered to end. */
  waiting: { id: number; question: unknown }[];
}

interface Member<Result> {
  child: ChildProcess;
  /** The process's end of the channel (its descriptor 3). */
  channel: Duplex;
  /** The key of the tasks it runs (null: it has run none yet). */
  key: string | null;
  busy: Running<Result> | null;
  /** Killed when its task ends (its key was retired while it ran). */
  retired: boolean;
  tasks: number;
  /** When it was last given a task (the pool's count of tasks then): the processes used last stay warm. */
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
  watch: NodeJS.Timeout;
  stderr: string;
  dead: boolean;
}

interface Queued<Task, Result> {
  task: Task;
  key: string;
  running: Running<Result>;
}

/**
 * How a process of the pool starts: Node under the permission model (reading its module and `readable` only),
 * with no addons, no code from strings and its heap limit, inside the sandbox with the kernel's cap on its data.
 */
function sandboxedCommand(options: ProcessPoolOptions) {
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
  return options.sandbox.command(nodeArgs, [file, ...options.readable.map((path) => path.replace(/\/\*$/, ''))], {
    dataMb: Math.max(options.heapMb, options.residentMb - CODE_MB),
  });
}

/**
 * The watchdog of a process's resident memory: past the pool's cap, `passed` (which kills it). When the kernel
 * cannot show what runs inside the sandbox, `blind` is told (the pool says so once).
 */
function watchMemory(child: ChildProcess, options: ProcessPoolOptions, blind: () => void, passed: () => void) {
  return setInterval(() => {
    const seen = { children: true };
    const used = child.pid === undefined ? undefined : residentMb(child.pid, seen);
    if (!seen.children) blind();
    if (used !== undefined && used > options.residentMb) {
      options.log?.warn({ pool: options.label, residentMb: Math.round(used) }, 'A process passed its memory cap');
      passed();
    }
  }, WATCH_INTERVAL_MS);
}

/**
 * The answering of a running task's questions, within its budget (how many, how many at once, how many bytes
 * answered): past it `kill` ends the process. Answers go back over the member's channel, while it still runs
 * that task.
 */
function questionAnswerer<Result>(options: ProcessPoolOptions, kill: (member: Member<Result>, why: Error) => void) {
  const budget = options.questions;

  async function answer(member: Member<Result>, running: Running<Result>, id: number, question: unknown) {
    running.answering += 1;
    let reply: ToProcess<never>;
    try {
      const answered = await running.answer(question);
      running.answered += budget.sizeOf(answered);
      reply = { type: 'answer', task: running.id, id, answer: answered };
    } catch (error) {
      reply = { type: 'answer', task: running.id, id, error: (error as Error).message };
    }
    running.answering -= 1;
    if (member.busy !== running || member.dead) return;
    if (running.answered > budget.bytes)
      return kill(member, new TaskBudget(`${options.label}: answers past ${budget.bytes} bytes in one task`));
    sendFrame(member.channel, reply);
    const waiting = running.waiting.shift();
    if (waiting) void answer(member, running, waiting.id, waiting.question);
  }

  /** A question of the running task: answered within its budget, else the process is killed. */
  return function onQuestion(member: Member<Result>, running: Running<Result>, id: number, question: unknown) {
    running.asked += 1;
    if (running.asked > budget.perTask)
      return kill(member, new TaskBudget(`${options.label}: more than ${budget.perTask} questions in one task`));
    if (running.answering >= budget.concurrent) running.waiting.push({ id, question });
    else void answer(member, running, id, question);
  };
}

/** A process of the pool, started by `command` (sandboxedCommand). */
function spawnProcess(command: { file: string; args: string[] }) {
  return spawn(command.file, command.args, {
    // Nothing of the API's environment: only the mode React and the shell's build read.
    env: { NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : 'production' },
    cwd: '/',
    // Descriptor 3: the channel (./channel.ts), whose frames are refused past their size before they are read.
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
}

/** Every pool's processes, ended with their sandboxes when the API exits however it exits (short of SIGKILL). */
const everyProcess = new Set<ChildProcess>();
let endedOnExit = false;
function endOnExit(child: ChildProcess) {
  everyProcess.add(child);
  if (endedOnExit) return;
  endedOnExit = true;
  process.once('exit', () => {
    for (const one of everyProcess) if (one.pid !== undefined) endSandbox(one.pid);
  });
}

/** A task as it runs: nothing asked, sent or answered yet. */
function runningTask<Result>(
  id: number,
  answer: (question: unknown) => Promise<unknown>,
  settle: Pick<Running<Result>, 'resolve' | 'reject'>,
): Running<Result> {
  return { id, sent: 0, ...settle, answer, asked: 0, answering: 0, answered: 0, waiting: [] };
}

export function createProcessPool<Task, Result>(options: ProcessPoolOptions) {
  const command = sandboxedCommand(options);
  const members = new Set<Member<Result>>();
  const queue: Queued<Task, Result>[] = [];
  let closed = false;
  let lastTask = 0;
  /** Whether the watchdog has found it cannot see the processes in the sandbox (said once). */
  let blind = false;
  const sayBlind = () => {
    if (blind) return;
    blind = true;
    options.log?.warn(
      { pool: options.label },
      "The memory watchdog cannot see inside the sandbox (this kernel lists no process's children): the kernel's cap on each process's data holds it alone",
    );
  };
  const onQuestion = questionAnswerer<Result>(options, (member, why) => kill(member, why));

  function start(): Member<Result> {
    const child = spawnProcess(command);
    const member: Member<Result> = {
      child,
      channel: child.stdio[3] as Duplex,
      key: null,
      busy: null,
      retired: false,
      tasks: 0,
      lastUsed: 0,
      stderr: '',
      dead: false,
      watch: watchMemory(child, options, sayBlind, () =>
        kill(member, new ProcessDied(`${options.label}: past its ${options.residentMb} MB memory cap`)),
      ),
    };
    member.watch.unref();
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (member.stderr.length < STDERR_KEPT) member.stderr += text.slice(0, STDERR_KEPT - member.stderr.length);
    });
    member.channel.on('error', () => undefined);
    readFrames(
      member.channel,
      options.questions.sent,
      (message, bytes) => onMessage(member, message as FromProcess<Result>, bytes),
      (bytes) => kill(member, new TaskBudget(`${options.label}: a message of ${bytes} bytes`)),
    );
    child.on('error', (error) => kill(member, new ProcessDied(`${options.label}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (member.stderr.trim())
        options.log?.warn({ pool: options.label, code, signal, stderr: member.stderr }, 'A process wrote errors');
      kill(member, new ProcessDied(`${options.label}: the process ended (${signal ?? code})`));
    });
    members.add(member);
    endOnExit(child);
    return member;
  }

  function onMessage(member: Member<Result>, message: FromProcess<Result>, bytes: number) {
    const running = member.busy;
    if (!running || member.dead || typeof message !== 'object' || message === null) return;
    if (message.task !== running.id) return;
    running.sent += bytes;
    if (running.sent > options.questions.sent)
      return kill(member, new TaskBudget(`${options.label}: past ${options.questions.sent} bytes sent in one task`));
    if (message.type === 'ask') return onQuestion(member, running, message.id, message.question);
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
    everyProcess.delete(member.child);
    // A sandbox that has exited took its namespace with it (die-with-parent), and its process id may already be
    // another's: only a live one is ended from its init down.
    const exited = member.child.exitCode !== null || member.child.signalCode !== null;
    if (member.child.pid !== undefined && !exited) endSandbox(member.child.pid);
    else if (!exited) member.child.kill('SIGKILL');
    const running = member.busy;
    member.busy = null;
    running?.reject(why);
    if (!closed) {
      next();
      warm();
    }
  }

  /** After a task: the process takes the next one of its key, or waits (idle ones end after a while), or goes. */
  function release(member: Member<Result>) {
    if (member.retired) return kill(member, new ProcessDied('retired'));
    if (options.tasksPerProcess !== undefined && member.tasks >= options.tasksPerProcess)
      return kill(member, new ProcessDied('recycled'));
    const index = queue.findIndex((waiting) => waiting.key === member.key);
    if (index >= 0) {
      const [waiting] = queue.splice(index, 1);
      return assign(member, waiting!);
    }
    // A task of another key waits while every process is taken: this one makes room for it.
    if (queue.length && members.size >= options.maxProcesses) return kill(member, new ProcessDied('made room'));
    restIdle();
  }

  /**
   * The idle processes used last (as many as the pool keeps warm) wait without end; the others end after a while
   * idle: a key asked for now and then does not keep the warm place of the one asked for all the time.
   */
  function restIdle() {
    const idle = [...members].filter((one) => !one.busy).sort((a, b) => b.lastUsed - a.lastUsed);
    idle.forEach((member, at) => {
      if (at < (options.minProcesses ?? 0)) {
        clearTimeout(member.idleTimer);
        member.idleTimer = undefined;
      } else if (!member.idleTimer) {
        member.idleTimer = setTimeout(() => {
          if (!member.busy) kill(member, new ProcessDied('idle'));
        }, options.idleTimeoutMs ?? 60_000);
        member.idleTimer.unref();
      }
    });
  }

  function assign(member: Member<Result>, { task, key, running }: Queued<Task, Result>) {
    clearTimeout(member.idleTimer);
    member.idleTimer = undefined;
    member.key = key;
    member.busy = running;
    member.tasks += 1;
    member.lastUsed = running.id;
    sendFrame(member.channel, { type: 'task', task: running.id, body: task } satisfies ToProcess<Task>);
  }

  /**
   * Gives queued tasks to idle processes of their key (or fresh ones), starting new ones up to the maximum; an
   * idle process of another key is ended to make room.
   */
  function next() {
    for (let at = 0; at < queue.length;) {
      const { key } = queue[at]!;
      const idle = [...members].filter((member) => !member.busy && !member.retired);
      let member = idle.find((one) => one.key === key) ?? idle.find((one) => one.key === null);
      if (!member && members.size >= options.maxProcesses) {
        const other = idle.find((one) => one.key !== key);
        if (other) kill(other, new ProcessDied('made room'));
      }
      if (!member && members.size < options.maxProcesses) member = start();
      if (!member) {
        at += 1;
        continue;
      }
      const [waiting] = queue.splice(at, 1);
      assign(member, waiting!);
    }
  }

  function warm() {
    while (!closed && members.size < (options.minProcesses ?? 0)) start();
  }
  warm();

  return {
    /**
     * Runs one task in a process of `key` (one that never ran a task of another key); its questions are
     * answered by `answer`. Past `deadlineMs` the process is killed and TaskDeadline thrown.
     */
    run(task: Task, deadlineMs: number, answer: (question: unknown) => Promise<unknown>, key = ''): Promise<Result> {
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
        const running = runningTask<Result>(++lastTask, answer, {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        queue.push({ task, key, running });
        next();
      });
    },
    /** Ends the processes whose key `keep` refuses: idle ones now, busy ones when their task ends. */
    retire(keep: (key: string) => boolean) {
      for (const member of [...members]) {
        if (member.key === null || keep(member.key)) continue;
        if (member.busy) member.retired = true;
        else kill(member, new ProcessDied('retired'));
      }
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
