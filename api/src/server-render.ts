/**
 * Public pages rendered on the server (architecture: "Server rendering of public pages"), contained: the
 * shell's server build and the server part of each area's release run in processes of their own
 * (./workers/render-page.ts in ./workers/process-pool.ts), never in the API's. A process has an empty
 * environment, reads only the shell's server build, writes nothing, and is killed past its memory cap or its
 * deadline; the page then falls back to the browser's rendering, as when a server part throws. The data a page
 * shows reaches the process from here (reads of /api/… answered with `inject`, counted against the visitor's
 * own address), and so do the files of releases.
 *
 * Which area renders a page is decided here, from the page patterns of the releases the page uses
 * (./releases/page-routes.ts), before anything is sent: a page of an area whose release has no server part is never sent
 * to a process (the browser renders it), and a page is sent only to processes of the area that renders it (or,
 * when no area serves its address, to processes of the shell alone, for its not-found page). What is sent of the
 * request is the page's address, its language, whether it is for a data saver and the session hint; never the
 * browser's other cookies or headers.
 *
 * Two pools. The shared one renders visitors' pages; each of its processes belongs to one area and one set of
 * releases (the active ones, or the active ones with a rollout's version: a rollout's visitors get processes of
 * their own) and never renders with another, so a team's server part sees the pages of its own area only; when
 * the active set changes, the processes of the old set go. A tester's candidate renders in a pool of its own,
 * in a new process for each page, and what it renders is never kept for anyone else. What a render may ask of
 * the API is budgeted (how many reads, how many at once, how many bytes): past it, the process is killed and the
 * browser renders the page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AREAS_ELEMENT_ID, type RemoteArea, type RemotesJson } from '@btls/build-config/remotes';
import { requestLanguage } from '@btls/kernel/i18n-server';
import { cookieValue } from '@btls/shared-api/cookies';
import { bannerHiddenOf } from '@btls/shared-api/banner';
import { dataSaverOf } from '@btls/shared-api/data-saver';
import { clip, withoutSecrets } from './http/logging';
import { pageRoutes } from './releases/page-routes';
import { baseOf, type ActiveRelease, type ReleaseStore } from './releases/store';
import { createProcessPool, TaskBudget, TaskDeadline, type QuestionBudget } from './workers/process-pool';
import type { Sandbox } from './workers/sandbox';
import type { ApiAnswer, RenderOutcome, RenderQuestion, RenderTask } from './workers/render-page';
import type { Metrics } from './metrics';
import type { RenderedPage, Unrendered } from './page-cache';
import type { RenderPass } from './rate-limit';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface ServerRenderOptions {
  shellDist: string;
  /** Where render processes start; null: none can be isolated here, and the browser renders every page. */
  sandbox: Sandbox | null;
  store: ReleaseStore;
  /** The site's public address (PUBLIC_URL); else taken from each request. */
  publicUrl?: string;
  log: FastifyBaseLogger;
  /** Each render's time, by outcome (rendered, fallback). */
  renders?: Metrics['renders'];
  /** A render, data included, must end within this or its thread is ended (the page is then the browser's). */
  deadlineMs?: number;
}

/** The render's own deadline is 5 s (shell/src/server.tsx); the thread's is a little later. */
const RENDER_DEADLINE_MS = 6000;
/** What the API keeps of releases' server files (server parts, manifests, stylesheets), in bytes. */
const RELEASE_TEXTS_BUDGET = 32 * 1024 * 1024;
/** A render process's heap, and what it may hold in all (heap, buffers, code) before it is killed. */
const RENDER_HEAP_MB = 256;
const RENDER_RESIDENT_MB = 384;
/** The client manifest of the release's browser build, beside its server part. */
const CLIENT_MANIFEST = 'server/client-manifest.json';
/**
 * What one render may ask of the API on its behalf. A public page reads the API two to five times and loads its
 * area's server part (1.3 MB) once; these leave room for that many times over and stop a render that makes the
 * API read, serialise and copy answers without end (each read is the API's work, not the render process's).
 */
const RENDER_QUESTIONS: QuestionBudget = {
  perTask: 64,
  // Its questions are small; its page (HTML and data) is tens of KiB, a long job board a few hundred.
  sent: 8 * 1024 * 1024,
  concurrent: 4,
  bytes: 8 * 1024 * 1024,
  sizeOf: (answer) =>
    typeof answer === 'string' ? answer.length : ((answer as ApiAnswer | null)?.body?.byteLength ?? 0),
};

export function createServerRender(app: FastifyInstance, options: ServerRenderOptions) {
  const { store } = options;
  const shellFile = join(options.shellDist, 'server', 'render.js');
  const shellTemplate = shellTemplateOf(options.shellDist);
  const { shared, trials } = options.sandbox
    ? renderPools(options.sandbox, options.shellDist, shellFile, options.log)
    : { shared: null, trials: null };
  app.addHook('onClose', async () => {
    await Promise.all([shared?.close(), trials?.close()]);
  });

  const releaseText = releaseTexts(store);

  /**
   * Answers a render process's questions: the API's reads (as the visitor), and the server part of the one area
   * that renders the page (`release`, the only one the task names; none for the shell's own page). A file of
   * another area, or another file, is refused.
   */
  function answerer(release: ActiveRelease | undefined, visitor: Visitor) {
    return async (question: unknown): Promise<ApiAnswer | string> => {
      const asked = question as RenderQuestion;
      if (asked?.kind === 'api') {
        // Read as the router will read it: dot segments (`/api/../metrics`, `%2e%2e`, `\`) resolved first.
        const url = typeof asked.url === 'string' ? new URL(asked.url, 'http://render.invalid') : undefined;
        if (!url || url.origin !== 'http://render.invalid' || !url.pathname.startsWith('/api/'))
          throw new Error('only /api/ is served to a render');
        const response = await app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          // Counted against the visitor's address, as if the browser had asked.
          remoteAddress: visitor.address,
          headers: { ...pickText(asked.headers), ...visitor.headers },
        });
        return {
          status: response.statusCode,
          headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
          body: response.rawPayload.length ? new Uint8Array(response.rawPayload) : null,
        };
      }
      if (asked?.kind === 'file') {
        if (!release || asked.area !== release.area || asked.version !== release.version)
          throw new Error('not the area this page is rendered by');
        if (asked.path !== release.manifest.server) throw new Error('not a file of this render');
        return releaseText(release, asked.path);
      }
      throw new Error('not a question a render may ask');
    };
  }

  /**
   * The release's entry, the area's routes module, the page's chunk and everything they import
   * (`modulepreload`, put into the document after the first paint), and their CSS written into the page: a few
   * KiB that would otherwise be requests the first paint waits for.
   */
  async function hintsFor(release: ActiveRelease, pageModule: string | undefined): Promise<string> {
    const manifest = JSON.parse(await releaseText(release, CLIENT_MANIFEST)) as Record<string, ManifestChunk>;
    const base = baseOf(release.manifest);
    const scripts = new Set<string>([`${base}${release.manifest.entry}`]);
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) return;
      const url = base + chunk.file;
      if (scripts.has(url)) return;
      scripts.add(url);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('src/expose.tsx');
    if (pageModule) visit(`src/${pageModule}`);
    const css = await Promise.all(
      [...styles].map(async (path) => inlineStyle(await releaseText(release, path), base + path)),
    );
    // After the first paint, as the shell's own: the page is painted from its HTML and CSS alone, and
    // the shell's after-paint loader puts these preloads into the document then.
    const preloads = [...scripts].map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`);
    return `${css.join('')}<template data-after-paint>${preloads.join('')}</template>`;
  }

  let lastGeneration: string | undefined;
  const routesOf = routesBySet();

  return {
    /**
     * The page for `url` in the request's language (`headers`: its cookie and Accept-Language), or why the
     * browser is to render it (not a public page, no render can be had, or rendering failed). `overrides`: a
     * tester's candidate releases, by area.
     */
    async render(
      url: string,
      requestOrigin: string,
      headers: { cookie?: string; 'accept-language'?: string; 'save-data'?: string } = {},
      overrides: Partial<Record<RemoteArea, string>> = {},
      /** The visitor's address: the API's reads made for the page count against it. */
      address = '127.0.0.1',
      /** The rollout versions the visitor's bucket gets (rendered like active releases: they are released). */
      rollout: Partial<Record<RemoteArea, string>> = {},
      /** The page's map of areas (the same versions as `overrides` and `rollout` choose). */
      areas: RemotesJson = {},
      /**
       * Asked once a render process is to render the page, before anything is sent to one: a pass, given back
       * when the render ends, or null: not now (the visitor's address has spent its share).
       */
      admit: () => Promise<RenderPass | null> = async () => ({ done() {} }),
    ): Promise<(RenderedPage & { personal: boolean }) | Unrendered> {
      if (!existsSync(shellFile)) return { unrendered: 'no server build' };
      if (!shared || !trials) return { unrendered: 'sandbox unavailable' };
      let started = performance.now();
      let pass: RenderPass | null = null;
      const took = (outcome: 'rendered' | 'fallback') =>
        options.renders?.observe({ outcome }, (performance.now() - started) / 1000);
      try {
        const active = await store.activeReleases();
        const releases = await pageReleases(store, active, overrides, rollout);
        // Who renders the page, decided before anything of it is sent: an area whose release renders nothing
        // on the server (or two areas at once) gets no task, and the browser renders the page.
        // (The path as it came, never parsed as a URL: `//host/admin/users` is a path to the router, not a host.)
        const by = routesOf(releases).areaFor(url.split(/[?#]/)[0]!);
        if (by === 'ambiguous') return { unrendered: 'two areas' };
        const release = by === 'none' ? undefined : releases.get(by);
        const server = release?.manifest.server;
        if (release && !server) return { unrendered: 'signed-in' };
        pass = await admit();
        if (!pass) return { unrendered: 'render budget spent' };
        started = performance.now();
        // The API's reads see the page's language (its cookie's, else Accept-Language's: what the business writes
        // comes in it); nothing else of the request (no cookie) reaches them.
        const language = requestLanguage(headers);
        const visitor: Visitor = { address, headers: { 'accept-language': language } };
        const tried = Object.keys(overrides).length > 0;
        const shellVersion = String(statSync(shellFile).mtimeMs);
        // A process renders with one set of releases only: the active set (and the shell) makes its generation,
        // the area and the version it renders with its key within it. A new generation ends the old one's
        // processes.
        const generation = `${shellVersion} ${setOf(active)}`;
        if (generation !== lastGeneration) {
          lastGeneration = generation;
          shared.retire((key) => key.startsWith(`${generation} |`));
        }
        const hint = cookieValue(headers.cookie, SESSION_HINT_COOKIE);
        const outcome = await (tried ? trials : shared).run(
          {
            shellFile,
            shellVersion,
            url,
            origin: options.publicUrl ?? requestOrigin,
            language,
            dataSaver: dataSaverOf(headers),
            bannerHidden: bannerHiddenOf(headers),
            sessionHint: hint === null ? null : `${SESSION_HINT_COOKIE}=${hint}`,
            release: release && server ? { area: release.area, version: release.version, server } : null,
            areas,
          },
          options.deadlineMs ?? RENDER_DEADLINE_MS,
          answerer(release, visitor),
          `${generation} | ${release ? `${release.area}@${release.version}` : 'shell'}`,
        );
        // (The shell's own table says the browser renders it: an area that renders nothing on the server.)
        if (!outcome) return { unrendered: 'signed-in' };
        const hints = release && outcome.rendered ? await hintsFor(release, outcome.rendered.pageModule) : '';
        const html = withAreas(fillTemplate(shellTemplate(), outcome, hints, outcome.dataId, outcome.language), areas);
        took('rendered');
        return { status: outcome.status, html, language: outcome.language, personal: outcome.personal };
      } catch (error) {
        took('fallback');
        const why =
          error instanceof TaskDeadline
            ? 'took too long'
            : error instanceof TaskBudget
              ? 'asked too much of the API'
              : 'failed';
        options.log.warn(
          { err: error, url: clip(withoutSecrets(url)) },
          `Server render ${why}; the page is a kept copy of it or the browser's`,
        );
        return { unrendered: 'render failed' };
      } finally {
        pass?.done();
      }
    },
  };
}

/** The shell's page, with its own stylesheet written in (see hintsFor); read again when the shell is redeployed. */
function shellTemplateOf(shellDist: string): () => string {
  const indexFile = join(shellDist, 'index.html');
  let shellPage: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = statSync(indexFile);
    if (shellPage?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8').replace(
        /<link rel="stylesheet"[^>]* href="(\/assets\/[\w.-]+\.css)">/g,
        (link, href: string) => inlineStyle(readFileSync(join(shellDist, href), 'utf8'), href, link),
      );
      shellPage = { mtimeMs, html };
    }
    return shellPage.html;
  };
}

/**
 * The release of each area that a page uses: the active one, or the version chosen for this browser (a tester's
 * candidate, else a rollout's).
 */
async function pageReleases(
  store: ReleaseStore,
  active: Map<RemoteArea, ActiveRelease>,
  overrides: Partial<Record<RemoteArea, string>>,
  rollout: Partial<Record<RemoteArea, string>>,
): Promise<Map<RemoteArea, ActiveRelease>> {
  const releases = new Map<RemoteArea, ActiveRelease>();
  for (const [area, current] of active) {
    const version = overrides[area] ?? rollout[area];
    releases.set(
      area,
      !version
        ? current
        : version === current.rollout?.version
          ? { ...current, version, manifest: current.rollout.manifest }
          : { ...current, version, manifest: await store.manifest(area, version) },
    );
  }
  return releases;
}

/**
 * The page routes of a set of releases, ranked once per set (a page then costs a match): the sets seen lately
 * (the active one, a rollout's, a few candidates) are kept.
 */
function routesBySet(kept = 16) {
  const sets = new Map<string, ReturnType<typeof pageRoutes>>();
  return (releases: Map<RemoteArea, ActiveRelease>) => {
    const key = [...releases.values()].map((release) => `${release.area}@${release.version}`).join(' ');
    let routes = sets.get(key);
    if (!routes) {
      routes = pageRoutes([...releases].map(([area, release]) => [area, release.manifest.pages?.patterns ?? []]));
      sets.set(key, routes);
      if (sets.size > kept) sets.delete(sets.keys().next().value!);
    }
    return routes;
  };
}

/** The two pools, when render processes can be isolated here (else none: the browser renders every page). */
function renderPools(sandbox: Sandbox, shellDist: string, shellFile: string, log: FastifyBaseLogger) {
  const contained = {
    module: 'render-page',
    sandbox,
    questions: RENDER_QUESTIONS,
    // The shell's server build and nothing else (its own module aside): not the API, not the data folder.
    readable: [join(shellDist, 'server', '*')],
    heapMb: RENDER_HEAP_MB,
    residentMb: RENDER_RESIDENT_MB,
    log,
  };
  return {
    shared: createProcessPool<RenderTask, RenderOutcome | null>({
      ...contained,
      label: 'server render',
      // One process stays warm: a render after a quiet hour does not load React and the shell again first.
      minProcesses: existsSync(shellFile) ? 1 : 0,
      // The active set's area, a rollout's version of it, and the shell's own pages (not found): one each, so
      // visitors of the three never end each other's process.
      maxProcesses: 3,
      maxQueue: 64,
    }),
    // A candidate never shares a process with anyone's page, nor with the next candidate's.
    trials: createProcessPool<RenderTask, RenderOutcome | null>({
      ...contained,
      label: 'trial render',
      maxProcesses: 1,
      maxQueue: 4,
      tasksPerProcess: 1,
    }),
  };
}

/**
 * A release's file as text (a server part, a manifest, a stylesheet), kept: releases never change. The most
 * recently used are kept up to a budget, so trying candidate after candidate does not grow the API.
 */
function releaseTexts(store: Pick<ReleaseStore, 'fileText'>) {
  const texts = new Map<string, { text: Promise<string>; size: number }>();
  let textsSize = 0;
  return function releaseText(
    release: Pick<ActiveRelease, 'area' | 'version' | 'manifest'>,
    path: string,
  ): Promise<string> {
    const key = `${release.area}@${release.version}/${path}`;
    const known = texts.get(key);
    if (known) {
      texts.delete(key);
      texts.set(key, known);
      return known.text;
    }
    const size = release.manifest.files[path]?.size ?? 0;
    const text = store.fileText(release.manifest, path);
    texts.set(key, { text, size });
    textsSize += size;
    text.catch(() => {
      if (texts.get(key)?.text === text) {
        texts.delete(key);
        textsSize -= size;
      }
    });
    for (const [oldest, old] of texts) {
      if (textsSize <= RELEASE_TEXTS_BUDGET || oldest === key) break;
      texts.delete(oldest);
      textsSize -= old.size;
    }
    return text;
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

/** The active releases of every area, with the version each rolls out: `public@1.0.0+a>1.0.1+b trainee@…`. */
function setOf(active: Map<string, ActiveRelease>): string {
  return [...active.values()]
    .map((release) => `${release.area}@${release.version}${release.rollout ? `>${release.rollout.version}` : ''}`)
    .sort()
    .join(' ');
}

/** The browser's session hint (shared-auth's SESSION_HINT_COOKIE): the one cookie a render is given. */
const SESSION_HINT_COOKIE = 'btlsWho';

interface Visitor {
  address: string;
  headers: Record<string, string>;
}

/**
 * The headers a render's API read may carry (a process sends what it likes: never a forwarded address, a
 * token or a host of its choosing).
 */
const RENDER_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'x-request-id']);
function pickText(headers: unknown): Record<string, string> {
  if (typeof headers !== 'object' || headers === null) return {};
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && RENDER_HEADERS.has(entry[0].toLowerCase()) && entry[1].length <= 1000,
    ),
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * A page with its map of areas written in (`#btls-areas`, read by the shell at start): the browser routes and loads
 * areas without first asking for `/remotes.json`, a round trip less before any area's page.
 */
export function withAreas(html: string, areas: RemotesJson): string {
  const json = JSON.stringify(areas).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    () => `<script id="${AREAS_ELEMENT_ID}" type="application/json">${json}</script></head>`,
  );
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
