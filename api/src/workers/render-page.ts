/**
 * A process of the server render (see ../server-render.ts and ./process-pool.ts). It loads the shell's server
 * build and the server part of one area's release (a process renders the pages of one area only, or only the
 * shell's own page), and renders one page per task. A server part is code of a
 * team that is not the backend's: this process has an empty environment, reads nothing but its own module and
 * the shell's server build (Node's permission model), writes nothing, starts nothing, makes no code from
 * strings, and is killed past its memory cap or its deadline. Its API calls go to the parent as questions (over
 * the channel of ./channel.ts),
 * which answers GET /api/… only; the files of releases come the same way. Besides that boundary, a server part
 * is given nothing but the shell's shared modules to `require`, and no network.
 */
import nodePath from 'node:path';
import * as nodeUrl from 'node:url';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { Socket } from 'node:net';
import { readFrames, sendFrame } from './channel';
import type { FromProcess, ToProcess } from './process-pool';
import { remoteName, type RemoteArea, type RemotesJson } from '@btls/build-config/remotes';

/** The shell's server module (shell/src/server.tsx), as far as rendering goes. */
interface ShellServer {
  sharedModules: Record<string, unknown>;
  SERVER_DATA_ID: string;
  configureServerApi(fetch: typeof globalThis.fetch): void;
  serverRenderedBy(pathname: string, areas: unknown): string | 'not-found' | null;
  sessionOf?(headers: { cookie?: string }): unknown;
  render(options: {
    url: string;
    origin: string;
    remotes: Record<string, unknown>;
    areas: unknown;
    language?: string;
    catalogues?: unknown[];
    session?: unknown;
    dataSaver?: boolean;
    bannerHidden?: boolean;
  }): Promise<{ status: number; head: string; body: string; data: unknown }>;
}

/** An area's server part (e.g. mfe-public/src/server.ts). */
interface RemoteServer {
  default: unknown;
  loadMessages?: unknown;
  pageModuleFor?(pathname: string): string | undefined;
}

/** The release whose server part renders a page. */
export interface RenderRelease {
  area: RemoteArea;
  version: string;
  /** Its server part's path in the release (`server/render.cjs`). */
  server: string;
}

export interface RenderTask {
  /** The shell's server build (shell/dist/server/render.js) and its version (a new build loads anew). */
  shellFile: string;
  shellVersion: string;
  /** The page's address with its query (a job board's filters), as the browser asked for it. */
  url: string;
  origin: string;
  /**
   * What the page is rendered for, as the API read it from the request: its language and whether it is for a
   * data saver. Nothing else of the request comes here (no cookie, no header): a server part in this process
   * sees no more of a visitor than its own page shows.
   */
  language: string;
  dataSaver: boolean;
  /** This device closed the top bar's rotating phrases (a cookie of the platform's own, read by the API). */
  bannerHidden?: boolean;
  /**
   * The session hint alone, as the browser sent it (`btlsWho=<role>.<first name>`), or null: a visitor's page.
   * The top bar of a signed-in user's page shows their first name and their panel, and the page is theirs.
   */
  sessionHint: string | null;
  /**
   * The area's release that renders the page (the API matched the address to it), or null: the shell's own page
   * (no area serves the address). Its server part is the only one this render may load.
   */
  release: RenderRelease | null;
  /** The map of areas of the page's releases (`/remotes.json`): which area serves the address. */
  areas: RemotesJson;
}

export interface RenderOutcome {
  status: number;
  head: string;
  body: string;
  data: unknown;
  language: string;
  personal: boolean;
  /** The id of the page's embedded data (the shell's). */
  dataId: string;
  /** The release that rendered the page, and the page's own chunk (for the preload hints). */
  rendered: { area: string; version: string; pageModule?: string } | null;
}

/** What the API answers a render process. */
export type RenderQuestion =
  | { kind: 'api'; url: string; headers: Record<string, string> }
  | { kind: 'file'; area: string; version: string; path: string };
export type ApiAnswer = { status: number; headers: Record<string, string>; body: Uint8Array | null };

let shell: { version: string; module: Promise<ShellServer> } | undefined;
const remotes = new Map<string, RemoteServer>();
let lockedDown = false;

/** Closes what a server part could use to reach the system; done once, after the shell's build has loaded. */
function lockDown() {
  if (lockedDown) return;
  lockedDown = true;
  const refuse = (what: string) => () => {
    throw new Error(`${what} is not available to a server part`);
  };
  const proc = process as unknown as Record<string, unknown>;
  // (process.exit stays: it ends this process alone, and the pool starts another.)
  for (const name of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'kill', 'abort', 'chdir'])
    if (name in proc) proc[name] = refuse(`process.${name}`);
  const global = globalThis as unknown as Record<string, unknown>;
  global.fetch = refuse('fetch');
  for (const name of ['WebSocket', 'EventSource', 'XMLHttpRequest']) delete global[name];
}

/** The channel to the parent (descriptor 3, see ./channel.ts). */
const channel = new Socket({ fd: 3, readable: true, writable: true });
const send = (message: FromProcess<RenderOutcome | null>) => sendFrame(channel, message);
/** The task being rendered: its questions and result name it. */
let currentTask = 0;

/** Questions to the parent, answered in turn (`ask` messages, see ./process-pool.ts). */
let nextQuestion = 0;
const waiting = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>();
function ask<A>(question: RenderQuestion): Promise<A> {
  return new Promise<A>((resolve, reject) => {
    const id = ++nextQuestion;
    waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject });
    send({ type: 'ask', task: currentTask, id, question });
  });
}

const client = {
  /** The API, as the render's client calls it: only reads, only /api/. */
  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== 'GET' || !url.pathname.startsWith('/api/'))
      throw new Error(`A server render may only read the API (${request.method} ${url.pathname})`);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await ask<ApiAnswer>({ kind: 'api', url: url.pathname + url.search, headers });
    return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
  },
  file: (area: string, version: string, path: string) => ask<string>({ kind: 'file', area, version, path }),
};

/**
 * The builtins a server part is given besides the shared modules: what its libraries load even though rendering
 * does not use them. The public area's HTML sanitiser (sanitize-html, through postcss) asks for `path` and `url`,
 * which only compute, and for `fs` to read a stylesheet's source map from disk, which a page never needs: it
 * gets an `fs` whose every function refuses.
 */
const noFileSystem = new Proxy(
  {},
  {
    get: (_target, name) => () => {
      throw new Error(`fs.${String(name)} is not available to a server part`);
    },
  },
);
const GIVEN_BUILTINS: Record<string, unknown> = {
  path: nodePath,
  'node:path': nodePath,
  url: nodeUrl,
  'node:url': nodeUrl,
  fs: noFileSystem,
  'node:fs': noFileSystem,
};

/** Runs a server part (CommonJS) with `require` answered from the shell's shared modules, and nothing else. */
function evaluate(code: string, filename: string, shared: Record<string, unknown>): RemoteServer {
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id in shared) return shared[id];
    if (id in GIVEN_BUILTINS) return GIVEN_BUILTINS[id];
    throw new Error(`${filename} asks for ${id}, which a server part is not given`);
  };
  const wrapper = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename,
  }).runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, require, module, filename, '/');
  const exported = module.exports as unknown as RemoteServer;
  if (typeof exported.default !== 'function' && typeof exported.default !== 'object')
    throw new Error(`${filename} exports no routes component`);
  return exported;
}

async function renderPage(task: RenderTask): Promise<RenderOutcome | null> {
  if (shell?.version !== task.shellVersion) {
    shell = {
      version: task.shellVersion,
      module: import(`${pathToFileURL(task.shellFile).href}?v=${task.shellVersion}`),
    };
    remotes.clear();
  }
  const server = await shell.module;
  lockDown();
  server.configureServerApi(client.fetch);
  const pathname = new URL(task.url, 'http://x').pathname;
  const by = server.serverRenderedBy(pathname, task.areas);
  if (by === null) return null;
  // The shell routes as the API did; a page it would give another area than the one it was sent for is left to
  // the browser (no other area's part is loaded here for it).
  const release = task.release;
  if ((by === 'not-found' ? null : by) !== (release ? remoteName(release.area) : null))
    throw new Error(`The shell renders ${pathname} with ${by}, not with the area it was sent to`);
  const language = task.language;
  const session = task.sessionHint === null ? null : (server.sessionOf?.({ cookie: task.sessionHint }) ?? null);
  const rendered: Record<string, unknown> = {};
  const catalogues: unknown[] = [];
  let remote: RemoteServer | undefined;
  if (release) {
    const key = `${release.area}@${release.version}`;
    remote = remotes.get(key);
    if (!remote) {
      const code = await client.file(release.area, release.version, release.server);
      remote = evaluate(code, `${key}/${release.server}`, server.sharedModules);
      remotes.set(key, remote);
    }
    rendered[remoteName(release.area)] = remote.default;
    if (remote.loadMessages) catalogues.push(remote.loadMessages);
  }
  const page = await server.render({
    url: task.url,
    origin: task.origin,
    remotes: rendered,
    areas: task.areas,
    language,
    catalogues,
    session,
    dataSaver: task.dataSaver,
    bannerHidden: task.bannerHidden === true,
  });
  return {
    ...page,
    language,
    personal: session !== null,
    dataId: server.SERVER_DATA_ID,
    rendered: release
      ? { area: release.area, version: release.version, pageModule: remote?.pageModuleFor?.(pathname) }
      : null,
  };
}

// (What the parent sends is its own: no size limit is needed on this side.)
readFrames(
  channel,
  Number.MAX_SAFE_INTEGER,
  (received) => {
    const message = received as ToProcess<RenderTask>;
    if (message.type === 'answer') {
      const question = waiting.get(message.id);
      waiting.delete(message.id);
      if ('error' in message) question?.reject(new Error(message.error));
      else question?.resolve(message.answer);
      return;
    }
    const task = message.task;
    currentTask = task;
    renderPage(message.body).then(
      (result) => send({ type: 'done', task, result }),
      (error: unknown) =>
        send({ type: 'failed', task, message: error instanceof Error ? error.message : String(error) }),
    );
  },
  () => process.exit(1),
);
