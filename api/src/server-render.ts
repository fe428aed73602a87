/**
 * Public pages rendered on the server (architecture: "Server rendering of public pages"). The shell's server
 * build (shell/dist/server/render.js) renders the layout and the route table; each remote whose build has a
 * server part (`server/render.cjs` beside its remoteEntry.js) renders its own pages. Both are found from what
 * is deployed, as the browser finds the remotes: a remote's server part is read from the URL remotes.json
 * gives for it (from disk when that is this server's /remotes/<name>/ folder), so uploading a remote's dist/
 * changes what the server renders without a rebuild or restart. Anything that fails falls back to the
 * client-rendered shell page of today.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { clip } from './http/logging';

/** A React component, as far as this module is concerned: something the shell renders. */
type ComponentType = unknown;

/** The shell's server module (shell/src/server.tsx). */
interface ShellServer {
  sharedModules: Record<string, unknown>;
  SERVER_DATA_ID: string;
  configureServerApi(fetch: typeof globalThis.fetch): void;
  serverRenderedBy(pathname: string): string | 'not-found' | null;
  /** Issue 19: the language of a request (the `btlsLang` cookie, else Accept-Language). Absent in older builds. */
  languageOf?(headers: { cookie?: string; 'accept-language'?: string }): string;
  /** Who the page is shown as signed in to (the `btlsWho` cookie), or null. Absent in older builds. */
  sessionOf?(headers: { cookie?: string }): unknown;
  render(options: {
    url: string;
    origin: string;
    remotes: Record<string, ComponentType>;
    language?: string;
    catalogues?: unknown[];
    session?: unknown;
  }): Promise<{
    status: number;
    head: string;
    body: string;
    data: unknown;
  }>;
}

/** A remote's server module (e.g. mfe-public/src/server.ts). */
interface RemoteServer {
  default: ComponentType;
  /** The remote's catalogues (issue 19), one language at a time. */
  loadMessages?: unknown;
  pageModuleFor?(pathname: string): string | undefined;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface LoadedRemote {
  module: RemoteServer;
  manifest: Record<string, ManifestChunk>;
  /** Absolute or root-relative URL of the remote's folder (where remoteEntry.js is). */
  base: string;
  entry: string;
}

export interface ServerRenderOptions {
  shellDist: string;
  /** Local folders of the remotes served by this server: `/remotes/<name>/` → folder. */
  localRemotes: Record<string, string>;
  readRemotesJson(): Record<string, string>;
  /** The site's public address (PUBLIC_URL); else taken from each request. */
  publicUrl?: string;
  log: FastifyBaseLogger;
}

const nodeRequire = createRequire(import.meta.url);
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Runs a remote's CommonJS server build with `require` answered from the shell's shared modules. */
function evaluateRemote(code: string, filename: string, shared: Record<string, unknown>): RemoteServer {
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id in shared) return shared[id];
    if (builtins.has(id)) return nodeRequire(id);
    throw new Error(`${filename} asks for ${id}, which the server does not provide`);
  };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename,
  });
  wrapper(module.exports, require, module, filename, dirname(filename));
  const exported = module.exports as unknown as RemoteServer;
  if (typeof exported.default !== 'function' && typeof exported.default !== 'object')
    throw new Error(`${filename} exports no routes component`);
  return exported;
}

const FETCH_TIMEOUT_MS = 3000;
/** A remote on another origin is asked again at most this often (with its ETag) for a newer server build. */
const REVALIDATE_MS = 5000;

export function createServerRender(app: FastifyInstance, options: ServerRenderOptions) {
  const shellFile = join(options.shellDist, 'server', 'render.js');
  // The shell's page, with its own stylesheet written in (see hintsFor); read again when the shell is redeployed.
  const indexFile = join(options.shellDist, 'index.html');
  let shellPage: { mtimeMs: number; html: string } | undefined;
  function shellTemplate(): string {
    const { mtimeMs } = statSync(indexFile);
    if (shellPage?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8').replace(
        /<link rel="stylesheet"[^>]* href="(\/assets\/[\w.-]+\.css)">/g,
        (link, href: string) => inlineStyle(readFileSync(join(options.shellDist, href), 'utf8'), href, link),
      );
      shellPage = { mtimeMs, html };
    }
    return shellPage.html;
  }
  let shell: { mtimeMs: number; module: Promise<ShellServer> } | undefined;

  function loadShell(): Promise<ShellServer> {
    const { mtimeMs } = statSync(shellFile);
    if (!shell || shell.mtimeMs !== mtimeMs) {
      const loading = import(`${pathToFileURL(shellFile).href}?v=${mtimeMs}`).then((module: ShellServer) => {
        // The API answers the render's calls itself: no network, no second process.
        module.configureServerApi(async (input, init) => {
          const request = new Request(input, init);
          const url = new URL(request.url);
          const headers: Record<string, string> = {};
          request.headers.forEach((value, name) => {
            headers[name] = value;
          });
          const answer = await app.inject({
            method: request.method as 'GET',
            url: url.pathname + url.search,
            headers,
            ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
          });
          return new Response(answer.rawPayload.length ? new Uint8Array(answer.rawPayload) : null, {
            status: answer.statusCode,
            headers: answer.headers as Record<string, string>,
          });
        });
        return module;
      });
      shell = { mtimeMs, module: loading };
      loading.catch(() => {
        if (shell?.module === loading) shell = undefined;
      });
    }
    return shell.module;
  }

  /** Files of a remote: from disk when it is served here, else fetched (cached, revalidated with its ETag). */
  const fetched = new Map<string, { etag: string | null; checkedAt: number; text: string }>();
  const onDisk = new Map<string, { text: string; version: string }>();
  async function readRemoteFile(base: string, path: string): Promise<{ text: string; version: string }> {
    const local = Object.entries(options.localRemotes).find(([prefix]) => base === prefix);
    if (local) {
      // Read again only when the file changed (a redeploy): not the whole bundle on every page.
      const file = join(local[1], path);
      const version = String(statSync(file).mtimeMs);
      const known = onDisk.get(file);
      if (known?.version === version) return known;
      const read = { text: readFileSync(file, 'utf8'), version };
      onDisk.set(file, read);
      return read;
    }
    const url = new URL(path, base).href;
    const cached = fetched.get(url);
    if (cached && Date.now() - cached.checkedAt < REVALIDATE_MS)
      return { text: cached.text, version: cached.etag ?? url };
    const response = await fetch(url, {
      headers: cached?.etag ? { 'if-none-match': cached.etag } : {},
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 304 && cached) {
      cached.checkedAt = Date.now();
      return { text: cached.text, version: cached.etag ?? url };
    }
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const entry = { etag: response.headers.get('etag'), checkedAt: Date.now(), text: await response.text() };
    fetched.set(url, entry);
    return { text: entry.text, version: entry.etag ?? `${url}#${entry.checkedAt}` };
  }

  const remotes = new Map<string, { version: string; shared: Record<string, unknown>; loaded: LoadedRemote }>();
  async function loadRemote(name: string, entry: string, shared: Record<string, unknown>): Promise<LoadedRemote> {
    const base = entry.startsWith('/') ? entry.slice(0, entry.lastIndexOf('/') + 1) : new URL('.', entry).href;
    const code = await readRemoteFile(base, 'server/render.cjs');
    const key = `${name} ${base}`;
    const known = remotes.get(key);
    // A remote runs with the shared modules of the shell it was loaded for: a new shell build loads it anew.
    if (known && known.version === code.version && known.shared === shared) return known.loaded;
    const manifest = JSON.parse((await readRemoteFile(base, 'server/client-manifest.json')).text) as Record<
      string,
      ManifestChunk
    >;
    const loaded = { module: evaluateRemote(code.text, `${base}server/render.cjs`, shared), manifest, base, entry };
    remotes.set(key, { version: code.version, shared, loaded });
    return loaded;
  }

  /**
   * The remote's entry, its routes module, the page's chunk and everything they import (`modulepreload`), and
   * their CSS written into the page: a few KiB that would otherwise be requests the first paint waits for.
   */
  async function hintsFor(remote: LoadedRemote, pathname: string): Promise<string> {
    const scripts = new Set<string>([remote.entry]);
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = remote.manifest[key];
      if (!chunk) return;
      const url = remote.base + chunk.file;
      if (scripts.has(url)) return;
      scripts.add(url);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('src/expose.tsx');
    const page = remote.module.pageModuleFor?.(pathname);
    if (page) visit(`src/${page}`);
    const css = await Promise.all(
      [...styles].map(async (path) => inlineStyle((await readRemoteFile(remote.base, path)).text, remote.base + path)),
    );
    return [...css, ...[...scripts].map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`)].join(
      '',
    );
  }

  return {
    /**
     * The page for `url` in the request's language (`headers`: its cookie and Accept-Language), or null when
     * the browser should render it (not a public page, or rendering failed).
     */
    async render(
      url: string,
      requestOrigin: string,
      headers: { cookie?: string; 'accept-language'?: string } = {},
    ): Promise<{ status: number; html: string; language: string; personal: boolean } | null> {
      if (!existsSync(shellFile)) return null;
      try {
        const server = await loadShell();
        const pathname = new URL(url, 'http://x').pathname;
        const by = server.serverRenderedBy(pathname);
        if (by === null) return null;
        const remotesJson = options.readRemotesJson();
        const rendered: Record<string, ComponentType> = {};
        const catalogues: unknown[] = [];
        const language = server.languageOf?.(headers) ?? 'en';
        const session = server.sessionOf?.(headers) ?? null;
        let hints = '';
        if (by !== 'not-found') {
          const entry = remotesJson[by];
          if (!entry) throw new Error(`remotes.json names no ${by}`);
          const remote = await loadRemote(by, entry, server.sharedModules);
          rendered[by] = remote.module.default;
          if (remote.module.loadMessages) catalogues.push(remote.module.loadMessages);
          hints = await hintsFor(remote, pathname);
        }
        const page = await server.render({
          url,
          origin: options.publicUrl ?? requestOrigin,
          remotes: rendered,
          language,
          catalogues,
          session,
        });
        const html = fillTemplate(shellTemplate(), page, hints, server.SERVER_DATA_ID, language);
        return { status: page.status, html, language, personal: session !== null };
      } catch (error) {
        options.log.warn({ err: error, url: clip(url) }, 'Server render failed; the browser renders this page');
        return null;
      }
    },
  };
}

/**
 * A stylesheet written into the page (`<style>`, allowed by the CSP's style-src); one that refers to other
 * files by relative URL stays a link (`fallback`), since those would resolve against the page instead.
 */
function inlineStyle(
  css: string,
  href: string,
  fallback = `<link rel="stylesheet" href="${escapeAttribute(href)}">`,
): string {
  if (/url\(/i.test(css)) return fallback;
  return `<style data-href="${escapeAttribute(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The shell's index.html with the page's language, head tags, preload hints, HTML and data. Every piece is
 * written in by a replacer function, never as a replacement string: text from the page (a job's description)
 * may hold `$&`, `` $` `` or `$'`, which String.replace would expand into parts of the document.
 */
export function fillTemplate(
  template: string,
  page: { head: string; body: string; data: unknown },
  hints: string,
  dataId: string,
  language: string,
): string {
  let html = template.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(language)}"`);
  // The page's own title and description replace the shell's defaults.
  if (page.head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  if (page.head.includes('name="description"')) html = html.replace(/<meta name="description"[^>]*>/, '');
  const data = JSON.stringify(page.data).replace(/</g, '\\u003c');
  // The first paint waits until the page is parsed to its end (Chromium's `expect`; other browsers ignore it):
  // a paint of half a page would move what the rest then pushes down (a top bar missing its last controls).
  const wholePage = `<link rel="expect" href="#${dataId}" blocking="render">`;
  return html
    .replace('</head>', () => `${wholePage}${page.head}${hints}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div><script id="${dataId}" type="application/json">${data}</script>`,
    );
}
