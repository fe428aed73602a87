/**
 * The built front end on the API's port: the shell at / (with the SPA fallback to its index.html), each area's
 * releases under /remotes/<area>/<version>/ (immutable, from the release store), and /remotes.json
 * made from the active releases. Hashed and versioned files are cached for a year; index.html and
 * remotes.json are revalidated on every load, so a release or a rollback shows at the next page load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASE_MANIFEST, type ReleaseManifest } from '@btls/build-config/release';
import {
  LOAD_TICKET_TIMING,
  REMOTE_AREAS,
  remoteFolder,
  type RemoteArea,
  type RemotesJson,
} from '@btls/build-config/remotes';
import { cookieValue } from '@btls/shared-api/cookies';
import { bannerHiddenOf } from '@btls/shared-api/banner';
import { dataSaverOf } from '@btls/shared-api/data-saver';

/** The browser's session hint (shared-auth's SESSION_HINT_COOKIE): a page for it is that user's alone. */
const SESSION_HINT_COOKIE = 'btlsWho';
import { RELEASE_TRIAL_KEY } from '@btls/shared-api/release-trial';
import { encodingFor, type Encoding } from './http/encoding';
import { apiNotFound } from './http/errors';
import { etagOf, ifNoneMatch } from './http/etag';
import { isRemoteArea, type ReleaseStore } from './releases/store';
import { createReleaseChoice } from './releases/choice';
import { createCandidateGate } from './releases/candidates';
import { compressible } from './releases/compressed';
import { choiceKey } from './releases/rollout';
import type { Trials } from './releases/trial';
import type { TrialOrigin } from './releases/trial-origin';
import { createRenderGate, type Clock, type RateLimiter, type RenderPass } from './rate-limit';
import {
  compressPage,
  createPageCache,
  isUnrendered,
  type KeptPage,
  type RenderedPage,
  type Unrendered,
  type UnrenderedReason,
} from './page-cache';
import { pageRoutes } from './releases/page-routes';
import { busyPage } from './busy-page';
import { requestLanguage } from '@btls/kernel/i18n-server';
import type { Language } from '@btls/shared-api/constants';
import { createServerRender, withAreas } from './server-render';
import type { LoadTickets, TicketArea, Visitor } from './releases/load-tickets';
import { openSandbox } from './workers/sandbox';
import { registerServiceWorker } from './service-worker';
import type { Metrics } from './metrics';
import type { AdminOrigin } from './http/admin-origin';
import { consoleCspHeader, consoleWorkerCspHeader } from './http/security-headers';

export interface WebOptions {
  /** The repository folder holding shell/dist and mfe-<name>/dist. */
  root: string;
  /** The site's public address (PUBLIC_URL), for canonical and share links; else each request's own. */
  publicUrl?: string;
  /** Opens the sandbox render processes start in (./workers/sandbox.ts; tests may say it cannot be made). */
  openSandbox?: typeof openSandbox;
  /**
   * How one address's renders are let through (rate-limit.ts's createRenderGate): how many may run at once, how
   * many requests may wait and how long.
   */
  renderGate?: { running?: number; waiting?: number; maxWaitMs?: number };
  /** The time of the render gate and of the kept pages' ages (tests give their own). */
  clock?: Clock;
}

interface WebDeps {
  /** Who may try a candidate release: the server's signed trial links, and the origin they are tried on. */
  trials: Trials;
  trialOrigin: TrialOrigin;
  /**
   * Pages rendered for one client address a minute (those kept for the next visitor do not count), spread over
   * the minute: its `turn`s.
   */
  renderLimit: RateLimiter;
  /** Each load's tickets (what makes a browser's report count), and their share per client address. */
  loadTickets: LoadTickets;
  ticketLimit: RateLimiter;
  /** The admin console's origin: there the shell serves the admin area alone, and the site serves it nowhere. */
  adminOrigin: AdminOrigin;
}

/**
 * The element of the console's page that tells the shell it is the console, and where the site is (its "Public
 * site" link): JSON, never run (the page's policy runs no inline script). shared-auth's CONSOLE_ELEMENT_ID.
 */
const CONSOLE_ELEMENT_ID = 'btls-console';

/**
 * Which areas a host's pages load: on the console the admin area alone (no other team's entry is ever named
 * there); on the site every area but the admin's, whose code is never loaded there; on the trial origin, where
 * no admin's session counts, every area's candidates.
 */
export type AreasServed = (area: string) => boolean;

/** The map of areas a page of this host gets, with the areas its load tickets are for. */
function areasHere(served: AreasServed, { json, shown }: { json: RemotesJson; shown: TicketArea[] }) {
  return {
    json: Object.fromEntries(Object.entries(json).filter(([name]) => served(name.replace(/^mfe_/, '')))) as RemotesJson,
    shown: shown.filter(({ area }) => served(area)),
  };
}

/** The console's page: the shell's, marked as the console's, with where the site is. */
function withConsoleMark(html: string, site: string): string {
  const json = JSON.stringify({ site }).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    () => `<script id="${CONSOLE_ELEMENT_ID}" type="application/json">${json}</script></head>`,
  );
}

/** The console's web app manifest: installed, it is the admin console, opening on its panel. */
function consoleManifest(shellManifest: string): string {
  const manifest = JSON.parse(shellManifest) as Record<string, unknown>;
  return JSON.stringify({
    ...manifest,
    id: '/admin',
    name: 'BTLS Admin',
    short_name: 'BTLS Admin',
    description: 'The admin console of the BTLS Coffee platform.',
    start_url: '/admin',
    scope: '/',
    translations: {
      fr: { name: 'BTLS Admin', short_name: 'BTLS Admin', description: 'La console d’administration de BTLS Coffee.' },
      rw: { name: 'BTLS Admin', short_name: 'BTLS Admin', description: "Urubuga rw'abayobozi rwa BTLS Coffee." },
    },
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A candidate's file given to the browser trying it: that browser keeps it, no shared cache does. */
const TRIED = 'private, max-age=31536000, immutable';

/** Bytes sent as they are held (no copy). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/**
 * The web layer's routes are not in the API's OpenAPI document: they serve the front end's pages and files
 * (HTML, scripts, styles, remotes.json), not calls of the API. test/openapi.test.ts lists them by name.
 */
const NOT_API = { schema: { hide: true } } as const;

function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * What a team's release file may be served as: an allow-list of types that a browser runs only as part of our
 * page (a module script, a stylesheet, an image, a font), never as a document of its own. An SVG is an image
 * whose document could run script: it is served under a policy that runs nothing. Any other file is a download.
 */
const RELEASE_TYPES: Record<string, string> = {
  '.js': TYPES['.js']!,
  '.mjs': TYPES['.mjs']!,
  '.css': TYPES['.css']!,
  '.json': TYPES['.json']!,
  '.map': TYPES['.json']!,
  '.svg': TYPES['.svg']!,
  '.png': TYPES['.png']!,
  '.jpg': TYPES['.jpg']!,
  '.webp': TYPES['.webp']!,
  '.woff2': TYPES['.woff2']!,
};
/** Opened as a document (an SVG, a mistyped file), a release file runs nothing and reaches nothing. */
const RELEASE_FILE_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * A rendered page compressed for the wire, as the built files are (precompressed): with its data and styles
 * it is tens of KiB of text, a fifth of that compressed, which a phone on a slow network feels.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: RenderedPage | KeptPage) {
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(page.html);
  const kept = 'br' in page ? page : await compressPage(page);
  return reply.header('Content-Encoding', encoding).send(kept[encoding]);
}

/**
 * The files of releases as served: read once from the store (each file as it is, and its copies compressed when
 * its release was stored), kept in memory up to a budget (releases never change, so nothing is ever stale).
 * Nothing is compressed here: a file without a copy goes as it is.
 */
function releaseFileCache(store: ReleaseStore, budgetBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, Uint8Array>();
  let used = 0;
  async function cached(key: string, load: () => Promise<Uint8Array | undefined>) {
    const known = entries.get(key);
    if (known) {
      entries.delete(key);
      entries.set(key, known);
      return known;
    }
    const bytes = await load();
    if (!bytes) return undefined;
    entries.set(key, bytes);
    used += bytes.length;
    for (const [oldest, old] of entries) {
      if (used <= budgetBytes) break;
      entries.delete(oldest);
      used -= old.length;
    }
    return bytes;
  }
  return {
    file: (area: string, version: string, path: string) =>
      cached(`${area}@${version}/${path}`, () => store.file(area, version, path)),
    /** The file's copy in `encoding`, made when it was stored; undefined for a file not compressed. */
    copy: (area: string, version: string, path: string, encoding: Encoding) =>
      cached(`${area}@${version}/${path} ${encoding}`, () => store.compressed.copy(area, version, path, encoding)),
  };
}

/**
 * The `Server-Timing` entry with this load's tickets, one per area of the map (none past the address's share:
 * the page works the same, its reports just do not count).
 */
async function ticketTiming(
  request: FastifyRequest,
  options: WebDeps,
  visitor: Visitor,
  shown: TicketArea[],
): Promise<string | undefined> {
  if (!shown.length) return undefined;
  const share = await options.ticketLimit.hit(request.ip).catch(() => ({ allowed: false }));
  if (!share.allowed) return undefined;
  return `${LOAD_TICKET_TIMING};desc="${options.loadTickets.issue(visitor, shown)}"`;
}

/**
 * This server's own builds of the areas (each mfe-<area>/dist with its release.json) become releases at start:
 * active where the area has none yet, or where the active one is an earlier local build (an area a team
 * released through the API keeps its release).
 */
async function adoptLocalBuilds(app: FastifyInstance, root: string, store: ReleaseStore) {
  const fromBuilds: Promise<unknown>[] = [];
  for (const area of REMOTE_AREAS) {
    const dist = join(root, remoteFolder(area), 'dist');
    const manifestFile = join(dist, RELEASE_MANIFEST);
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ReleaseManifest;
    // The files the manifest names, read only when the store does not have this version yet.
    const files = () =>
      new Map(Object.keys(manifest.files).map((path) => [path, new Uint8Array(readFileSync(join(dist, path)))]));
    try {
      const outcome = await store.adoptLocalBuild(manifest, files);
      app.log.info({ area, version: manifest.version, outcome }, 'Local build of an area');
      // Its compressed copies are the build's own (checked against its files), taken in the background.
      fromBuilds.push(
        store.compressed.release(area, manifest.version, dist).catch((error: unknown) => {
          app.log.warn({ err: error, area, version: manifest.version }, 'A local build was not compressed');
        }),
      );
    } catch (error) {
      app.log.warn({ err: error, area, version: manifest.version }, 'The local build of an area was not adopted');
    }
  }
  // Releases stored before their files had compressed copies get them, one file at a time (after the builds'
  // own copies are taken: else a build's file could be compressed here first).
  void Promise.all(fromBuilds)
    .then(() => store.compressed.all())
    .catch((error: unknown) => app.log.warn({ err: error }, 'Releases were not compressed'));
}

/**
 * The sandbox of the server render, when the shell has a server build: without one, no team's code runs here and
 * the server says so once, at start (every page is then rendered by the browser).
 */
async function renderSandbox(app: FastifyInstance, shellDist: string, open: typeof openSandbox) {
  if (!existsSync(join(shellDist, 'server', 'render.js'))) return null;
  const opened = await open();
  if ('sandbox' in opened) return opened.sandbox;
  app.log.error(
    { why: opened.unavailable },
    'Server rendering is off: render processes cannot be isolated here, so browsers render every page (docs/operations.md, "Render processes")',
  );
  return null;
}

/**
 * The `Server-Timing` entry saying who renders a page that the server did not render for this request, and why:
 * `browser` (the shell's page: the browser renders it), `kept copy` (a copy kept past its minute) or `later` (a
 * 503: come back after Retry-After). The reasons: page-cache.ts's UnrenderedReason, and `console`.
 */
const renderTiming = (who: 'browser' | 'kept copy' | 'later', why: UnrenderedReason | 'console') =>
  `render;desc="${who}: ${why}"`;

/**
 * The page routes of a page's map of areas, matched as the shell's router matches them (./releases/page-routes.ts):
 * what the map's areas serve, and so which addresses are no page at all. The maps seen lately are kept.
 */
function mapRoutes(kept = 16) {
  const maps = new Map<string, ReturnType<typeof pageRoutes>>();
  return (areas: RemotesJson) => {
    const patterns = Object.entries(areas).map(([name, route]): [RemoteArea, readonly string[]] => [
      name.replace(/^mfe_/, '') as RemoteArea,
      route?.patterns ?? [],
    ]);
    const key = JSON.stringify(patterns);
    let routes = maps.get(key);
    if (!routes) {
      routes = pageRoutes(patterns);
      maps.set(key, routes);
      if (maps.size > kept) maps.delete(maps.keys().next().value!);
    }
    return routes;
  };
}

/**
 * The console's own pages (shell/src/console/console-pages.tsx: shared-auth's paths.login, forgotPassword and
 * resetPassword), besides `/` and the admin area's: any other address there is its not-found page.
 */
const CONSOLE_OWN_PAGES = new Set(['/', '/login', '/forgot-password', '/reset-password']);

/** Registers the front end when it has been built; answers whether it was. */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions & WebDeps,
  store: ReleaseStore,
  metrics: Metrics,
): Promise<boolean> {
  const shellDist = join(options.root, 'shell', 'dist');
  const indexFile = join(shellDist, 'index.html');
  if (!existsSync(indexFile)) return false;
  // Once every route is registered: a build is checked like any release, against the operations this API serves.
  app.addHook('onReady', () => adoptLocalBuilds(app, options.root, store));

  const choice = createReleaseChoice({ store, ...options });
  const onSite = (request: FastifyRequest) =>
    !options.adminOrigin.isConsole(request) && !options.trialOrigin.isTrial(request);
  const areasServed = (request: FastifyRequest): AreasServed =>
    options.adminOrigin.isConsole(request)
      ? (area) => area === 'admin'
      : options.trialOrigin.isTrial(request)
        ? () => true
        : (area) => area !== 'admin';

  app.get('/remotes.json', NOT_API, async (request, reply) => {
    const visitor = await choice.forLoad(request, reply);
    const { json, shown } = areasHere(areasServed(request), await store.areasFor(visitor.versions));
    const timing = await ticketTiming(request, options, visitor, shown);
    // With its load tickets, the map is this browser's alone.
    reply
      .header('Cache-Control', visitor.tried || visitor.rolling || timing ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie')
      .type('application/json');
    if (timing) reply.header('Server-Timing', timing);
    return json;
  });

  // What the console's page may run: the shell's files and the admin area's releases (wherever they live).
  const shellScripts = readdirSync(shellDist)
    .filter((name) => /\.m?js$/.test(name) && name !== 'sw-code.js')
    .map((name) => `/${name}`);
  const consoleOrigin = options.adminOrigin.origin;
  const https = /^https:/.test(consoleOrigin);
  /** The origins the admin area's active release (and its rollout) live on besides this server. */
  const adminReleaseOrigins = async () => {
    const admin = (await store.activeReleases()).get('admin');
    const bases = admin ? [admin.base, ...(admin.rollout ? [admin.rollout.base] : [])] : [];
    return bases.flatMap((base) => (/^https?:/.test(base) ? [new URL(base).origin] : []));
  };
  const consolePolicy = async () =>
    consoleCspHeader({ origin: consoleOrigin, shellScripts, adminOrigins: await adminReleaseOrigins(), https });
  registerServiceWorker(app, shellDist, store, choice, {
    areasServed,
    isConsole: options.adminOrigin.isConsole,
    policy: async (code) => consoleWorkerCspHeader(consoleOrigin, code, await adminReleaseOrigins()),
  });

  // The shell's hashed assets; also gives reply.sendFile for the shell's other top-level files.
  await app.register(fastifyStatic, {
    root: join(shellDist, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    setHeaders: cacheHeaders,
  });

  // Each release's files, at a URL of their own that never changes.
  const files = releaseFileCache(store);
  const candidates = createCandidateGate({ db: store.db, ...options });
  app.get<{ Params: { area: string; version: string; '*': string } }>(
    '/remotes/:area/:version/*',
    NOT_API,
    async (request, reply) => {
      const { area, version, '*': path } = request.params;
      // A release's server part is for this server only; a candidate no browser was given, for its trial only;
      // on the console, no area's file but the admin's.
      const readers =
        isRemoteArea(area) &&
        !path.startsWith('server/') &&
        (area === 'admin' || !options.adminOrigin.isConsole(request)) &&
        (await candidates.readers(request, area, version));
      const bytes = readers ? await files.file(area, version, path) : undefined;
      if (!bytes) return reply.status(404).header('Cache-Control', 'no-cache').type('text/plain').send('Not found');
      const type = RELEASE_TYPES[extname(path).toLowerCase()];
      if (!type) reply.header('Content-Disposition', 'attachment');
      // A remote may be loaded by a shell on another origin (a CDN, another deploy).
      reply
        .header('Content-Security-Policy', RELEASE_FILE_POLICY)
        .header('Cache-Control', readers === 'trial' ? TRIED : IMMUTABLE)
        .header('Access-Control-Allow-Origin', '*')
        .header('Vary', readers === 'trial' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
        .type(type ?? 'application/octet-stream');
      const encoding = encodingFor(request);
      const copy =
        encoding && type && compressible(path, bytes.length)
          ? await files.copy(area, version, path, encoding)
          : undefined;
      if (encoding && copy && copy.length < bytes.length)
        return reply.header('Content-Encoding', encoding).send(asBuffer(copy));
      return reply.send(asBuffer(bytes));
    },
  );

  const indexHtml = () => readFileSync(indexFile, 'utf8');
  const pages = createPageCache({ db: store.db, now: options.clock?.now });
  // A change made through this instance shows on its next page at once (the others read it within a second).
  // (onSend: before the client can ask for the next page, the change being committed by then.)
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.url.startsWith('/api/') && reply.statusCode < 400) pages.forgetGeneration();
    return payload;
  });
  const serverRender = createServerRender(app, {
    shellDist,
    sandbox: await renderSandbox(app, shellDist, options.openSandbox ?? openSandbox),
    store,
    publicUrl: options.publicUrl,
    log: app.log,
    renders: metrics.renders,
  });
  /** Where the site is, for the console's "Public site" link (on a developer's machine: the console's port on localhost). */
  const siteOf = (request: FastifyRequest) =>
    options.publicUrl ?? `${request.protocol}://${request.host.replace(/^[^:]+/, 'localhost')}`;
  const routesOfMap = mapRoutes();
  const gate = createRenderGate({ turns: options.renderLimit, clock: options.clock, ...options.renderGate });
  /**
   * Every page of the console: the shell's own page with the admin area alone in its map, never rendered on the
   * server (no area's server part runs for it), under the console's policy; an address that is none of its pages
   * is a 404 (the shell shows its not-found page).
   */
  const sendConsole = async (
    request: FastifyRequest,
    reply: FastifyReply,
    you: Awaited<ReturnType<typeof choice.forLoad>>,
  ) => {
    const { json, shown } = areasHere(areasServed(request), await store.areasFor(you.versions));
    const timing = await ticketTiming(request, options, you, shown);
    const path = request.url.split(/[?#]/)[0]!;
    const known =
      CONSOLE_OWN_PAGES.has(path.replace(/(.)\/$/, '$1')) ||
      (/^\/admin(\/|$)/.test(path) && routesOfMap(json).areaFor(path) === 'admin');
    return reply
      .status(known ? 200 : 404)
      .header('Server-Timing', [renderTiming('browser', 'console'), ...(timing ? [timing] : [])].join(', '))
      .header('Content-Security-Policy', await consolePolicy())
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie')
      .type('text/html')
      .send(withConsoleMark(withAreas(indexHtml(), json), siteOf(request)));
  };
  /**
   * The page that says the site is busy, when a page cannot be rendered now and no copy of it is kept: a 503 with
   * when to come back, in the visitor's language, never kept by anyone.
   */
  const sendBusy = (request: FastifyRequest, reply: FastifyReply, language: Language, retryAfter: number) =>
    reply
      .status(503)
      .header('Retry-After', String(retryAfter))
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Language', language)
      // (No load tickets: the page loads no area.)
      .header('Server-Timing', renderTiming('later', 'render budget spent'))
      .type('text/html')
      .send(busyPage(language, request.url));
  /**
   * Public pages come rendered, with their data (or a copy kept of them); the signed-in areas' pages render in the
   * browser (and so does a page whose render failed, when no copy of it is kept). A page that cannot be rendered
   * now because its address has spent its share of renders is never left to the browser: a kept copy, else a
   * brief wait for a render, else a 503 that says when to come back. An address no area serves is a 404,
   * rendered or not.
   */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const you = await choice.forLoad(request, reply);
    const { trial, tried, chosen, rolling, trialCookie: set, opened } = you;
    if (opened) await options.trials.opened(opened);
    if (set !== undefined) {
      const secure = /^https:/.test(options.publicUrl ?? '') ? '; Secure' : '';
      // Strict: another site's link never carries a trial into a page (the shell's trial bar reads it).
      reply.header(
        'Set-Cookie',
        `${RELEASE_TRIAL_KEY}=${set?.value ?? ''}; Path=/; Max-Age=${set?.maxAge ?? 0}; SameSite=Strict${secure}`,
      );
    }
    if (options.adminOrigin.isConsole(request)) return sendConsole(request, reply, you);
    const origin = `${request.protocol}://${request.host}`;
    const headers = {
      cookie: request.headers.cookie,
      'accept-language': request.headers['accept-language'],
      'save-data': typeof request.headers['save-data'] === 'string' ? request.headers['save-data'] : undefined,
    };
    const { json: areas, shown } = areasHere(areasServed(request), await store.areasFor(you.versions));
    const timing = await ticketTiming(request, options, you, shown);
    // Whether any area serves the address, as the page's own router will decide it (from the same map).
    const unknown = routesOfMap(areas).areaFor(request.url.split(/[?#]/)[0]!) === 'none';
    // A visitor's page (no session hint, no trial) is kept for the next visitor: the same address, query,
    // language, origin and rollout versions get the same HTML (a shared link brings a crowd). A signed-in user's page is never
    // kept, nor given.
    const visitor = !cookieValue(request.headers.cookie, SESSION_HINT_COOKIE) && !tried && set === undefined;
    const language = requestLanguage(headers);
    const key = visitor
      ? `${language}${dataSaverOf(headers) ? ' save-data' : ''}${bannerHiddenOf(headers) ? ' no-banner' : ''} ${options.publicUrl ?? origin} ${request.url}${rolling ? ` [${choiceKey(chosen)}]` : ''}`
      : undefined;
    /** When to come back, once this request was refused a render; and how long it may wait for one in all. */
    let retryAfter: number | undefined;
    const waitUntil = gate.deadline();
    /**
     * A render starts when its address has a turn and a place free; else, when no copy of the page is kept, after
     * a brief wait for them (behind a few requests of its address at most). An address no area serves waits for
     * nothing: it is a 404 anyway.
     */
    const admit = async (): Promise<RenderPass | null> => {
      const now = await gate.now(request.ip);
      if (now || unknown) return now;
      if (key !== undefined && (await pages.late(key))) return null;
      const waited = await gate.wait(request.ip, waitUntil);
      if ('retryAfter' in waited) {
        retryAfter = waited.retryAfter;
        return null;
      }
      return waited;
    };
    const render = () => serverRender.render(request.url, origin, headers, trial, request.ip, chosen, areas, admit);
    // (The one render of a page not kept yet is led by the first request for it; the others wait for it, free.)
    let outcome: { page: RenderedPage | KeptPage; hit: boolean } | Unrendered =
      key === undefined
        ? await render().then((made) => (isUnrendered(made) ? made : { page: made, hit: false }))
        : // Kept only as the visitor's page, in the language, it was meant to be.
          await pages.page(key, render, (rendered) => !rendered.personal && rendered.language === language);
    /** Why a kept copy is given past its minute: this request's page could not be rendered. */
    let late: UnrenderedReason | undefined;
    if (isUnrendered(outcome) && !unknown && ['render budget spent', 'render failed'].includes(outcome.unrendered)) {
      const kept = key === undefined ? undefined : await pages.late(key);
      if (kept) {
        late = outcome.unrendered;
        outcome = { page: kept, hit: true };
      } else if (outcome.unrendered === 'render budget spent')
        return sendBusy(request, reply, language, retryAfter ?? 1);
    }
    if (isUnrendered(outcome)) {
      return reply
        .status(unknown ? 404 : 200)
        .header('Cache-Control', tried || rolling || timing ? 'private, no-cache' : 'no-cache')
        .header('Vary', 'Cookie')
        .header('Server-Timing', [renderTiming('browser', outcome.unrendered), ...(timing ? [timing] : [])].join(', '))
        .type('text/html')
        .send(withAreas(indexHtml(), areas));
    }
    const { page, hit } = outcome;
    // A visitor's page holds no personal data: a CDN may keep it for a minute; browsers ask again each time.
    // The page is in the language of the `btlsLang` cookie, else of Accept-Language: a cache keeps
    // one copy per language only if it keys on both (see docs/front-end.md on what a CDN may keep). A page rendered for a signed-in
    // user (the `btlsWho` cookie: their first name in the top bar) is theirs alone: no shared cache keeps it,
    // nor one rendered with a tester's candidate release.
    // Without PUBLIC_URL the page's canonical and share links come from the request's Host header, which a
    // client writes: such a page is not for a shared cache either, or one forged Host would reach all.
    const personal = page.personal === true;
    // While a rollout runs, the page depends on the browser's bucket: no shared cache keeps it either; nor one
    // with this browser's load tickets (another browser's reports would bring them).
    // (Nor one that gives this browser its id: a shared cache would hand it to everyone.)
    // (Nor a copy given past its minute: its one request is all it is for.)
    const sharedCache =
      !personal &&
      !tried &&
      !rolling &&
      !timing &&
      !you.fresh &&
      set === undefined &&
      options.publicUrl !== undefined &&
      !late;
    reply
      .status(page.status)
      .header('Cache-Control', sharedCache ? 'public, max-age=0, s-maxage=60' : 'private, no-cache')
      .header('Vary', 'Accept-Encoding, Cookie, Accept-Language, Save-Data')
      .header('Content-Language', page.language)
      // Whether this page was kept from an earlier visitor's request or rendered for this one (and, for a copy
      // past its minute, why this request's page was not rendered).
      .header(
        'Server-Timing',
        [
          `page;desc="${hit ? 'kept' : 'rendered'}"`,
          ...(late ? [renderTiming('kept copy', late)] : []),
          ...(timing ? [timing] : []),
        ].join(', '),
      )
      .type('text/html');
    // The same page again (the service worker keeping the page it took over, a reload) is a 304 when it has not
    // changed: the browser's copy is used, a phone pays for the headers only.
    const etag = 'etag' in page ? page.etag : etagOf(page.html, true);
    reply.header('ETag', etag);
    if (page.status === 200 && ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return sendCompressed(request, reply, page);
  };
  app.get('/', NOT_API, sendShell);
  // A form of a page posted without the page's script (sign-in, contact): nothing is taken from it; the
  // visitor gets the page again, which says the form needs JavaScript.
  app.post('/*', NOT_API, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) return apiNotFound(request, reply);
    return reply.redirect(path, 303);
  });
  // Client routes (/courses/3, /admin/users, …) get the shell; a top-level file of the shell is sent as is.
  app.get('/*', NOT_API, async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0]!);
    if (path.startsWith('/api/')) return apiNotFound(request, reply);
    const onConsole = options.adminOrigin.isConsole(request);
    // The admin's pages are the console's: an old bookmark or link opens them there.
    if (onSite(request) && /^\/admin(\/|$)/.test(path)) return reply.redirect(`${consoleOrigin}${request.url}`, 302);
    if (onConsole && path === '/manifest.webmanifest')
      return reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json')
        .send(consoleManifest(readFileSync(join(shellDist, 'manifest.webmanifest'), 'utf8')));
    // The page the console's worker keeps for addresses it never saved: the console's (its map asked for then).
    if (onConsole && path === '/index.html')
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', await consolePolicy())
        .type('text/html')
        .send(withConsoleMark(indexHtml(), siteOf(request)));
    const topLevelFile = /^\/[\w.-]+\.[a-z0-9]+$/i.test(path) ? join(shellDist, path) : null;
    if (topLevelFile && existsSync(topLevelFile)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(path.slice(1), shellDist);
    }
    if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/assets/') || path.startsWith('/remotes/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendShell(request, reply);
  });
  return true;
}
