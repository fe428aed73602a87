/**
 * A worker thread of the server render (issue 25; see ../server-render.ts). It loads the shell's server build
 * and the server parts of the areas' releases, and renders one page per task. A server part is code of a team
 * that is not the backend's: this thread has no secrets in its environment (the pool gives it none), no
 * builtin module to reach (a server part may `require` only the shell's shared modules; `process`'s ways to the
 * system are closed, and so is code from strings), no network (its API calls go to the
 * API's thread over the task's port, which answers GET /api/… only), a memory limit and a deadline.
 */
import nodePath from 'node:path';
import * as nodeUrl from 'node:url';
import { pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import vm from 'node:vm';

/** The shell's server module (shell/src/server.tsx), as far as rendering goes. */
interface ShellServer {
  sharedModules: Record<string, unknown>;
  SERVER_DATA_ID: string;
  configureServerApi(fetch: typeof globalThis.fetch): void;
  serverRenderedBy(pathname: string): string | 'not-found' | null;
  languageOf?(headers: { cookie?: string; 'accept-language'?: string }): string;
  sessionOf?(headers: { cookie?: string }): unknown;
  dataSaverOfRequest?(headers: { cookie?: string; 'save-data'?: string }): boolean;
  render(options: {
    url: string;
    origin: string;
    remotes: Record<string, unknown>;
    language?: string;
    catalogues?: unknown[];
    session?: unknown;
    dataSaver?: boolean;
  }): Promise<{ status: number; head: string; body: string; data: unknown }>;
}

/** An area's server part (e.g. mfe-public/src/server.ts). */
interface RemoteServer {
  default: unknown;
  loadMessages?: unknown;
  pageModuleFor?(pathname: string): string | undefined;
}

/** A release whose server part may render: by federation name. */
export interface RenderRelease {
  area: string;
  version: string;
  /** Its server part's path in the release (`server/render.cjs`). */
  server: string;
}

export interface RenderTask {
  /** The shell's server build (shell/dist/server/render.js) and its version (a new build loads anew). */
  shellFile: string;
  shellVersion: string;
  url: string;
  origin: string;
  headers: { cookie?: string; 'accept-language'?: string; 'save-data'?: string };
  /** The releases whose server parts render, by federation name (`mfe_public`). */
  releases: Record<string, RenderRelease>;
  /** Where this thread asks the API's thread for data and files. */
  port: MessagePort;
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

/** What the API's thread answers on the port. */
export type PortQuestion =
  | { kind: 'api'; url: string; headers: Record<string, string> }
  | { kind: 'file'; area: string; version: string; path: string };
export type PortRequest = PortQuestion & { id: number };
export type PortAnswer =
  | { id: number; status: number; headers: Record<string, string>; body: Uint8Array | null }
  | { id: number; text: string }
  | { id: number; error: string };

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
  // (process.exit stays: in a worker it ends the thread alone.)
  for (const name of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'kill', 'abort', 'chdir'])
    if (name in proc) proc[name] = refuse(`process.${name}`);
  const global = globalThis as unknown as Record<string, unknown>;
  global.fetch = refuse('fetch');
  for (const name of ['WebSocket', 'EventSource', 'XMLHttpRequest']) delete global[name];
  // No code from strings: `new Function(…)` (or its async and generator kin) and eval would give a server part
  // `import()` of any builtin. Each constructor stays itself for `instanceof`, but refuses to make a function.
  // (V8's --disallow-code-generation-from-strings is per process, and the API's own thread needs code
  // generation: its validators and serialisers are compiled.)
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const kind of kinds) {
    const prototype = Object.getPrototypeOf(kind) as { constructor: (...args: unknown[]) => unknown };
    const closed = new Proxy(prototype.constructor, {
      apply: refuse('Function'),
      construct: refuse('Function'),
    });
    Object.defineProperty(prototype, 'constructor', { value: closed, writable: false, configurable: false });
    if (kind === kinds[0]) global.Function = closed;
  }
  global.eval = refuse('eval');
}

function portClient(port: MessagePort) {
  let next = 0;
  const waiting = new Map<number, (answer: PortAnswer) => void>();
  port.on('message', (answer: PortAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  const ask = <A extends PortAnswer>(request: PortQuestion) =>
    new Promise<A>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (answer) => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer as A)));
      port.postMessage({ ...request, id });
    });
  return {
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
      const answer = await ask<Extract<PortAnswer, { status: number }>>({
        kind: 'api',
        url: url.pathname + url.search,
        headers,
      });
      return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
    },
    file: async (area: string, version: string, path: string) =>
      (await ask<Extract<PortAnswer, { text: string }>>({ kind: 'file', area, version, path })).text,
  };
}

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

export default async function renderPage(task: RenderTask): Promise<RenderOutcome | null> {
  const client = portClient(task.port);
  try {
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
    const by = server.serverRenderedBy(pathname);
    if (by === null) return null;
    const language = server.languageOf?.(task.headers) ?? 'en';
    const session = server.sessionOf?.(task.headers) ?? null;
    const rendered: Record<string, unknown> = {};
    const catalogues: unknown[] = [];
    let remote: RemoteServer | undefined;
    let release: RenderRelease | undefined;
    if (by !== 'not-found') {
      release = task.releases[by];
      if (!release) throw new Error(`No active release of ${by} has a server part`);
      const key = `${release.area}@${release.version}`;
      remote = remotes.get(key);
      if (!remote) {
        const code = await client.file(release.area, release.version, release.server);
        remote = evaluate(code, `${key}/${release.server}`, server.sharedModules);
        remotes.set(key, remote);
      }
      rendered[by] = remote.default;
      if (remote.loadMessages) catalogues.push(remote.loadMessages);
    }
    const page = await server.render({
      url: task.url,
      origin: task.origin,
      remotes: rendered,
      language,
      catalogues,
      session,
      dataSaver: server.dataSaverOfRequest?.(task.headers) ?? false,
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
  } finally {
    task.port.close();
  }
}
