/**
 * Where a process running a team's code starts: bubblewrap (`bwrap`), with namespaces of its own for the
 * network, processes, IPC and users, and a file system made of an allow-list of read-only paths (the system's
 * libraries, Node, and what the process is given). Node's permission model cannot close the network (Node 20 checks
 * files, processes and workers, not sockets: a `net.Socket` connects anywhere), and a file-system socket (a
 * database's, under `/run`) is reachable from any network namespace; in this sandbox there is neither a route out
 * nor a socket to find. Its data segment is capped by the kernel (`prlimit --data`): an allocation past the cap
 * fails at once, where a watchdog only sees it after the fact.
 *
 * If the sandbox cannot be made (no bubblewrap, no user namespaces) or does not hold (a probe inside it reaches a
 * socket this process listens on), `openSandbox` says why and no team's code runs on this server at all.
 *
 * No sandbox outlives the server that started it. bubblewrap's `--die-with-parent` asks the kernel to kill the
 * sandbox when its parent dies, but the sandbox's own init (process 1 of its namespace, in a session of its
 * own, so not in the server's process group) holds that only where the kernel keeps the request through its
 * change of user; so the pool also ends each sandbox from its init down (endSandbox) and ends them all when the
 * API exits, and each sandbox is marked with the server process that started it: a server starting sweeps away
 * the sandboxes whose server is gone (killed by SIGKILL, say), and only those.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Sandbox {
  /** The command that runs `node` with `nodeArgs` inside the sandbox, seeing `readable` (files or folders). */
  command(nodeArgs: string[], readable: string[], limits: { dataMb: number }): { file: string; args: string[] };
}

const BWRAP = ['/usr/bin/bwrap', '/bin/bwrap'];
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'];
const ENV = '/usr/bin/env';
/** The system's libraries (read-only), as the host lays them out: a link where the host has one (merged /usr). */
const LIBRARIES = ['/usr/lib', '/usr/lib64', '/usr/lib32', '/lib', '/lib64', '/lib32'];

/**
 * The mark of the sandboxes this process starts: its id and when it started (an id alone may be another
 * process's later). It is the name of a variable bubblewrap unsets (there is none such: it changes nothing in
 * the sandbox), so it shows in bubblewrap's command line, where the sweep finds it.
 */
const OWNER_MARK = 'BTLS_RENDER_SANDBOX_OF_';
const ownerMark = (pid: number, started: string) => `${OWNER_MARK}${pid}_${started}`;

/** When a process started (clock ticks after boot, /proc/<pid>/stat's 22nd field), or undefined if it is gone. */
function startTimeOf(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // (After the command's name, which may hold spaces and brackets: the state is the 3rd field.)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

/** The processes `pid` started (from any of its threads). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function killNow(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Ends the sandbox started as process `pid` (bubblewrap), with everything in it: its init first (killing
 * process 1 of a namespace kills the namespace), then bubblewrap itself.
 */
export function endSandbox(pid: number): void {
  for (const init of childrenOf(pid)) killNow(init);
  killNow(pid);
}

/**
 * Kills the sandboxes (bubblewrap's processes) whose mark names a server process that is no longer running;
 * nothing else: not a process of another program, not a sandbox of a server still running.
 */
function sweepLeftovers(bwrap: string): void {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return;
  }
  for (const pid of pids) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args[0] !== bwrap) continue;
    const mark = args.find((arg, at) => args[at - 1] === '--unsetenv' && arg.startsWith(OWNER_MARK));
    const owner = mark && /^(\d+)_(\d+)$/.exec(mark.slice(OWNER_MARK.length));
    if (owner && startTimeOf(Number(owner[1])) !== owner[2]) killNow(Number(pid));
  }
}

function found(candidates: string[]): string | undefined {
  return candidates.find((file) => existsSync(file));
}

function libraryMounts(): string[] {
  const args: string[] = [];
  for (const path of LIBRARIES) {
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  return args;
}

function makeSandbox(bwrap: string, prlimit: string): Sandbox {
  // The programs it runs, each bound alone: nothing else of /usr/bin, /usr/src or /usr/local (where an
  // application and its data may live) is there.
  const [node, limit, env] = [process.execPath, prlimit, ENV].map((program) => realpathSync(program)) as [
    string,
    string,
    string,
  ];
  // The time zone, so that dates render as they did before the sandbox (a link into /usr/share/zoneinfo).
  const localtime = existsSync('/etc/localtime') ? ['--ro-bind', '/etc/localtime', '/etc/localtime'] : [];
  const mark = ownerMark(process.pid, startTimeOf('self') ?? '0');
  return {
    command(nodeArgs, readable, { dataMb }) {
      const binds = readable.flatMap((path) => ['--ro-bind', path, path]);
      return {
        file: bwrap,
        args: [
          '--unshare-all',
          '--unshare-user',
          // No namespace made inside it (what user namespaces would let a process try next).
          '--disable-userns',
          '--uid',
          '65534',
          '--gid',
          '65534',
          '--cap-drop',
          'ALL',
          '--die-with-parent',
          '--new-session',
          '--unsetenv',
          mark,
          ...libraryMounts(),
          ...[node, limit, env].flatMap((program) => ['--ro-bind', program, program]),
          ...localtime,
          '--proc',
          '/proc',
          '--dev',
          '/dev',
          ...binds,
          '--chdir',
          '/',
          '--',
          // bwrap writes the folder it starts in (PWD) into the environment, which is the parent's choice alone.
          env,
          '-u',
          'PWD',
          limit,
          `--data=${dataMb * 1024 * 1024}`,
          node,
          ...nodeArgs,
        ],
      };
    },
  };
}

/** What the probe inside the sandbox reports of its tries to reach this process. */
const PROBE = `
const net = require('node:net');
const reach = (options) => new Promise((done) => {
  const socket = net.connect(options);
  socket.on('connect', () => { socket.destroy(); done('connected'); });
  socket.on('error', (error) => done(error.code || 'error'));
});
Promise.all([reach({ host: '127.0.0.1', port: Number(process.argv[1]) }), reach({ path: process.argv[2] })])
  .then(([tcp, unix]) => { process.stdout.write(JSON.stringify({ tcp, unix })); });
`;

function listen(server: Server, where: { port: number; host: string } | string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => resolve());
  });
}

/**
 * The sandbox, once a probe run inside it has failed to reach a TCP port and a file-system socket that this
 * process listens on; else why not (said at start: team code is then never run here).
 */
export async function openSandbox(): Promise<{ sandbox: Sandbox } | { unavailable: string }> {
  const bwrap = found(BWRAP);
  if (!bwrap) return { unavailable: 'bubblewrap (bwrap) is not installed' };
  const prlimit = found(PRLIMIT);
  if (!prlimit) return { unavailable: 'prlimit (util-linux) is not installed' };
  sweepLeftovers(bwrap);
  const sandbox = makeSandbox(bwrap, prlimit);
  const folder = mkdtempSync(join(tmpdir(), 'btls-sandbox-probe-'));
  const tcp = createServer((socket) => socket.destroy());
  const unix = createServer((socket) => socket.destroy());
  let reached = false;
  tcp.on('connection', () => (reached = true));
  unix.on('connection', () => (reached = true));
  try {
    await listen(tcp, { port: 0, host: '127.0.0.1' });
    const socketPath = join(folder, 'probe.sock');
    await listen(unix, socketPath);
    const port = (tcp.address() as { port: number }).port;
    const { file, args } = sandbox.command(['-e', PROBE, String(port), socketPath], [], { dataMb: 256 });
    const outcome = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(file, args, { env: {}, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', (error) => resolve({ code: -1, out, err: error.message }));
      child.on('close', (code) => resolve({ code, out, err }));
    });
    if (outcome.code !== 0)
      return {
        unavailable: `bubblewrap could not start a process (${outcome.err.trim().slice(0, 300) || outcome.code})`,
      };
    const seen = JSON.parse(outcome.out) as { tcp: string; unix: string };
    if (reached || seen.tcp === 'connected' || seen.unix === 'connected')
      return { unavailable: `a process in the sandbox reached this server (tcp: ${seen.tcp}, socket: ${seen.unix})` };
    return { sandbox };
  } catch (error) {
    return { unavailable: `the sandbox's probe failed (${(error as Error).message})` };
  } finally {
    tcp.close();
    unix.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
