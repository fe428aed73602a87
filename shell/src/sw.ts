/// <reference lib="webworker" />
/**
 * The one service worker, owned by the shell (Workbox). The API serves it at /sw.js with the list of
 * what to keep written in front of this code (`self.__BTLS_SW`, see api/src/service-worker.ts): the shell's
 * files and, per area, the files of its active release. Activating or rolling back a release changes that
 * list, so the worker's bytes change, the browser installs the new worker beside the old one, and the page
 * offers "A new version is available" (the new worker waits for the Reload: nothing swaps under a user).
 *
 * What is kept, and how (a file is never downloaded twice: what the page loaded is copied from the browser's cache):
 * - the shell's page and its start-up chain, and what this phone has loaded of the shell and of each area it uses,
 *   at install; the rest of a file set as a page first loads it;
 * - at a new release, the new builds of the files this phone used (a file whose content did not change keeps its
 *   hashed name and is copied), before the new worker is installed;
 * - a data saver's phone: nothing ahead, only what it loads, as it loads it;
 * - pages (HTML): network first with a 3-second timeout, then the saved copy marked with when it was saved;
 *   a page never saved gets the shell, which says so;
 * - public API reads: stale-while-revalidate (the page is told when a fresher answer arrived);
 * - signed-in API reads and pages: network first (3 seconds, then the saved copy, and the page is told when the
 *   network's answer came and differed), saved per account, deleted at sign-out by the page;
 * - writes and uploads: never kept (queued progress records are the page's IndexedDB queue, sent here on
 *   Background Sync).
 * Workbox gives the routing, the strategies and the expiry; what is kept at install is written here, since it
 * depends on the phone (what it loaded, its data saver, its areas), which Workbox's precache list cannot.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { isContentHashed, stemOf } from '@btls/build-config/file-names';
import type { Language } from '@btls/kernel/basics';
import { isLanguage, LANGUAGE_KEY, languageFromPreferences } from '@btls/kernel/language';
import { DATA_SAVER_COOKIE } from '@btls/shared-api/data-saver';
import { QUEUE_SYNC_TAG, sendQueuedWrites } from '@btls/shared-api/offline-queue';
import {
  catalogueLanguage,
  DATA_SAVER_META,
  SW_CACHES,
  SW_MESSAGES,
  SW_SAVED_AT_HEADER,
  SW_SAVED_AT_META,
  type SwConfig,
} from '@btls/shared-api/service-worker';

declare const self: ServiceWorkerGlobalScope & { __BTLS_SW: SwConfig };
const config = self.__BTLS_SW;

// The first worker takes the open page at once (what it reads from then on is saved). A newer one waits for
// the Reload (no skipWaiting here): only then does it take over.
clientsClaim();

/**
 * A data saver's phone fetches nothing ahead: only the shell's page is kept at install, and the
 * files the phone loads are kept as it loads them. On when the browser's data saver is (`saveData`, in workers
 * too) or when the profile's setting is (its cookie, which Chromium's worker reads with `cookieStore`).
 */
async function dataSaver(): Promise<boolean> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return true;
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  if (store) return (await store.get(DATA_SAVER_COOKIE).catch(() => null))?.value === 'on';
  // (No cookieStore: what the page last said, before it registered the worker.)
  return readMeta<boolean>(DATA_SAVER_META, false);
}

/** The phone's language: the one it chose (its cookie, where the worker can read it), else its browser's. */
async function phoneLanguage(): Promise<Language> {
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  const chosen = store ? (await store.get(LANGUAGE_KEY).catch(() => null))?.value : undefined;
  if (isLanguage(chosen)) return chosen;
  return languageFromPreferences(navigator.languages ?? [navigator.language]);
}

/** What to keep ahead of `urls`: not the catalogues of other languages (nor English's, never loaded). */
async function forThisPhone(urls: string[]): Promise<string[]> {
  const language = await phoneLanguage();
  return urls.filter((url) => {
    const of = catalogueLanguage(url);
    return of === null || (of === language && of !== 'en');
  });
}

/**
 * Fetches and keeps `urls`, six at a time. A file that cannot be fetched now is skipped, not fatal: the worker
 * still installs (a page loads it from the network and it is kept then), rather than no worker at all.
 */
async function keepFiles(cache: Cache, urls: string[]) {
  const queue = [...urls];
  const next = async (): Promise<void> => {
    const url = queue.shift();
    if (url === undefined) return;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // offline or refused meanwhile: kept later, when loaded
    }
    return next();
  };
  await Promise.all(Array.from({ length: 6 }, next));
}

/** A built file's name (`jobs-page-BSjBOi5m.js`). */
const nameOf = (url: string) => new URL(url, self.location.origin).pathname.split('/').pop() ?? '';
/** The same file in another build (`jobs-page.js`): a new build of a file this phone used is worth having. */
const buildOf = (url: string) => stemOf(nameOf(url));

/**
 * Where a file named by its content's hash is the same bytes in every release: an area's file at its path in any
 * of the area's releases on this site (the API holds each such name of an area to one content), a shell's file at
 * its address. Undefined for any other file, which is only ever its own address.
 */
function placeOf(url: string): string | undefined {
  const { origin, pathname } = new URL(url, self.location.origin);
  if (origin !== self.location.origin || !isContentHashed(pathname)) return undefined;
  const release = /^\/remotes\/([\w-]+)\/[^/]+\/(.+)$/.exec(pathname);
  return release ? `/remotes/${release[1]}/${release[2]}` : pathname;
}

/** What this phone keeps (keptNow): read once for all the files one install looks at. */
interface Kept {
  /** Every hashed file kept, by its place: the same bytes under any of the area's releases' addresses. */
  byPlace: Map<string, string>;
  /** The files kept of earlier releases (or an earlier shell), by name without the hash: their new builds are wanted. */
  usedBefore: Set<string>;
}

/** What this phone keeps already, in any of this worker's caches. */
async function keptNow(): Promise<Kept> {
  const byPlace = new Map<string, string>();
  const usedBefore = new Set<string>();
  for (const name of await caches.keys()) {
    if (name !== SW_CACHES.areas && !name.startsWith(SW_CACHES.shell)) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const place = placeOf(request.url);
      if (!place) continue;
      byPlace.set(place, request.url);
      if (!isCurrentFile(request.url)) usedBefore.add(buildOf(request.url));
    }
  }
  return { byPlace, usedBefore };
}

/** The copy the page loaded, from the browser's own cache (never the network): this origin's files only. */
async function loadedByThePage(url: string): Promise<Response | undefined> {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return undefined;
  try {
    const response = await fetch(target.href, { cache: 'only-if-cached', mode: 'same-origin' });
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the hashed files of `urls` that this phone has, downloading none of them twice: a file kept already (at
 * this address, or under the same hashed name at an earlier release's) or loaded by the page (the browser's HTTP
 * cache) is put in as it is. Of the rest, only `wanted` ones are downloaded (a page's start-up chain; the new build
 * of a file this phone used before); the others are kept when a page first loads them.
 */
async function keepWithoutDownloading(cache: Cache, urls: string[], kept: Kept, wanted: (url: string) => boolean) {
  const download = [];
  for (const url of urls) {
    if (await cache.match(url)) continue;
    const place = placeOf(url);
    const earlier = place && kept.byPlace.get(place);
    const copy = (earlier && (await caches.match(earlier))) || (await loadedByThePage(url));
    if (copy) await cache.put(url, copy);
    else if (wanted(url) || kept.usedBefore.has(buildOf(url))) download.push(url);
  }
  await keepFiles(cache, download);
}

// ---- The shell's files: kept at install, in a cache of this shell version's own ----

const shellFiles = new Map(config.shell.map((file) => [file.url, file.revision]));
/**
 * This version's cache of the shell: the worker it replaces keeps reading its own until the Reload, so an old
 * page offline never gets a newer shell's page or loses its files mid-way.
 */
const shellCache = `${SW_CACHES.shell}-${hashOf(JSON.stringify(config.shell))}`;

function hashOf(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash, 33) ^ text.charCodeAt(i);
  return (hash >>> 0).toString(36);
}

/**
 * The shell's page and its start-up chain (the scripts and styles index.html names: what a page never saved needs
 * offline), then whatever else of the shell this phone has (see keepWithoutDownloading). A data saver's phone
 * downloads only the page.
 */
async function keepShell(saving: boolean, kept: Kept) {
  const cache = await caches.open(shellCache);
  const urls = await forThisPhone(config.shell.map((file) => file.url));
  // Files named without a hash may have changed at the same address. The icon the page loaded is taken as it is;
  // the shell's page is always asked afresh (a copy in the browser's cache may be an earlier shell's, naming
  // scripts this version does not have).
  const missing = [];
  for (const url of urls.filter((url) => shellFiles.get(url) !== null)) {
    if (await cache.match(url)) continue;
    const loaded = url === '/index.html' ? undefined : await loadedByThePage(url);
    if (loaded) await cache.put(url, loaded);
    else if (!saving || url === '/index.html') missing.push(url);
  }
  await keepFiles(cache, missing);
  const index = await cache.match('/index.html');
  // Without the shell's page, a page never saved could not say so offline: this version does not install.
  if (!index) throw new Error('The shell page could not be kept');
  const startUp = new Set(
    [...(await index.clone().text()).matchAll(/\b(?:src|href)="(\/[^"?#]+)"/g)]
      .map((match) => match[1]!)
      .filter((url) => shellFiles.has(url)),
  );
  await keepWithoutDownloading(
    cache,
    urls.filter((url) => shellFiles.get(url) === null),
    kept,
    (url) => !saving && startUp.has(url),
  );
}

/**
 * Once this version is in charge: the earlier versions' shell caches go, and so do pages saved with their
 * shell (their scripts are gone); offline, such an address gets this shell, which shows the saved reads.
 */
async function forgetOldShell() {
  const older = (await caches.keys()).filter((name) => name.startsWith(SW_CACHES.shell) && name !== shellCache);
  if (older.length === 0) return;
  for (const name of older) await caches.delete(name);
  for (const name of await caches.keys()) {
    if (name !== SW_CACHES.pages && !name.startsWith(SW_CACHES.userPrefix)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const saved = await cache.match(request);
      if ((saved?.headers.get('Content-Type') ?? '').startsWith('text/html')) await cache.delete(request);
    }
  }
}

// ---- Which account the saved pages and reads belong to (the page says; kept across worker restarts) ----

const META_USER = '/__btls/user';
const META_AREAS = '/__btls/areas';
async function readMeta<T>(key: string, empty: T): Promise<T> {
  const response = await (await caches.open(SW_CACHES.meta)).match(key);
  return response ? ((await response.json()) as T) : empty;
}
async function writeMeta(key: string, value: unknown) {
  await (await caches.open(SW_CACHES.meta)).put(key, new Response(JSON.stringify(value)));
}
let user: Promise<number | null> = readMeta<number | null>(META_USER, null);
const userCache = (id: number) => `${SW_CACHES.userPrefix}${id}`;

// ---- Areas this phone uses: all their files, kept for the active release ----

/**
 * The areas this phone uses, at their active release: what it has of them (see keepWithoutDownloading) and the
 * area's entry; a data saver's phone downloads nothing ahead, it keeps what its pages load as they load it.
 */
async function keepAreas(areas: string[], kept?: Kept) {
  const saving = await dataSaver();
  const cache = await caches.open(SW_CACHES.areas);
  const known = kept ?? (await keptNow());
  for (const area of new Set(areas)) {
    const release = config.areas[area];
    if (!release) continue;
    const files = await forThisPhone(release.files);
    await keepWithoutDownloading(cache, files, known, (url) => !saving && url === release.entry);
  }
}

/** Every file of the active releases the worker lists, as absolute URLs (a release may be served from a CDN). */
const activeFiles = new Set(
  Object.values(config.areas).flatMap((area) => area.files.map((file) => new URL(file, self.location.origin).href)),
);
/**
 * The active releases' folders on this site: a release listed by its entry alone owns every file under its folder
 * (`/remotes/<area>/<version>/`; never a whole other host, which a release on a CDN could name as its base).
 */
const activeFolders = Object.values(config.areas)
  .map((area) => new URL(area.base, self.location.origin))
  .filter((folder) => folder.origin === self.location.origin && /^\/remotes\/[^/]+\/[^/]+\/$/.test(folder.pathname))
  .map((folder) => folder.href);
const isActiveFile = (url: string) => activeFiles.has(url) || activeFolders.some((folder) => url.startsWith(folder));

/** Every file this worker lists (the shell's and the active releases'), as absolute URLs. */
const shellUrls = new Set(config.shell.map((file) => new URL(file.url, self.location.origin).href));
const isCurrentFile = (url: string) => isActiveFile(url) || shellUrls.has(url);

/** Files of releases no longer active (a newer release, a rollback): not kept any more. */
async function forgetOldReleases() {
  const cache = await caches.open(SW_CACHES.areas);
  for (const request of await cache.keys()) if (!isActiveFile(request.url)) await cache.delete(request);
}

self.addEventListener('install', (event) => {
  // The shell and the public area (every visitor needs them), and the areas this phone had, at their new
  // release, before this worker counts as installed: what the page has loaded, copied, not downloaded again.
  event.waitUntil(
    dataSaver().then(async (saving) => {
      // What this phone keeps is read once, before this install adds to it.
      const kept = await keptNow();
      await keepShell(saving, kept);
      await keepAreas(['public', ...(await readMeta<string[]>(META_AREAS, []))], kept);
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([forgetOldShell(), forgetOldReleases()]));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; id?: number | null; area?: string; url?: string } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  else if (data?.type === SW_MESSAGES.claim) event.waitUntil(self.clients.claim());
  else if (data?.type === SW_MESSAGES.user) {
    const id = typeof data.id === 'number' ? data.id : null;
    user = Promise.resolve(id);
    // Answered once kept (a page waits for it before reading again what this worker should file).
    event.waitUntil(writeMeta(META_USER, id).then(() => event.ports[0]?.postMessage(true)));
  } else if (data?.type === SW_MESSAGES.save && typeof data.url === 'string') {
    // The page this worker took over was loaded before it: saved now, as a later load would have been.
    const url = new URL(data.url, self.location.origin);
    if (url.origin === self.location.origin)
      event.waitUntil(
        // Filed under the account the page says it is for (it tells, with the page), else the one it said before.
        (typeof data.id === 'number' || data.id === null ? Promise.resolve(data.id) : user).then(async (id) => {
          // The page as it came (the browser's cache), else asked again.
          const response = (await loadedByThePage(url.href)) ?? (await fetch(url, { credentials: 'same-origin' }));
          if (response.status === 200 && (response.headers.get('Content-Type') ?? '').startsWith('text/html'))
            await (await caches.open(id === null ? SW_CACHES.pages : userCache(id))).put(url.href, response);
        }),
      );
  } else if (data?.type === SW_MESSAGES.area && data.area && config.areas[data.area]) {
    const area = data.area;
    event.waitUntil(
      readMeta<string[]>(META_AREAS, []).then(async (areas) => {
        if (!areas.includes(area)) await writeMeta(META_AREAS, [...areas, area]);
        await keepAreas([area]);
      }),
    );
  }
});

// ---- Pages ----

/** A page answered from the saved copy says when it was saved (the offline banner shows it). */
const markSaved: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const savedAt = new Date(cachedResponse.headers.get('Date') ?? Date.now()).toISOString();
    if ((cachedResponse.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      const html = await cachedResponse.text();
      const meta = `<meta name="${SW_SAVED_AT_META}" content="${savedAt}">`;
      return new Response(
        html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`),
        {
          status: cachedResponse.status,
          headers: cachedResponse.headers,
        },
      );
    }
    const headers = new Headers(cachedResponse.headers);
    headers.set(SW_SAVED_AT_HEADER, savedAt);
    return new Response(cachedResponse.body, { status: cachedResponse.status, headers });
  },
};
/** Only complete, successful answers are kept (a 404 page, a refusal, an error are not worth showing later). */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * A saved answer was shown (stale-while-revalidate always, network first after its timeout on a weak link) and
 * the network's then differed: the page asks again (its data layer refetches what it shows).
 */
const tellWhenFresher: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse, state }) {
    if (cachedResponse && state) state.shownSaved = true;
    return cachedResponse;
  },
  async cacheDidUpdate({ oldResponse, newResponse, request, state }) {
    if (!oldResponse || !state?.shownSaved) return;
    const [before, after] = await Promise.all([oldResponse.clone().text(), newResponse.clone().text()]);
    if (before === after) return;
    for (const client of await self.clients.matchAll({ type: 'window' }))
      client.postMessage({ type: SW_MESSAGES.updated, url: request.url });
  },
};

const networkFirst = new Map<string, NetworkFirst>();
function networkFirstIn(cacheName: string) {
  let strategy = networkFirst.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 3,
      plugins: [
        onlyOk,
        markSaved,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
        tellWhenFresher,
      ],
    });
    networkFirst.set(cacheName, strategy);
  }
  return strategy;
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async (options) => {
    const id = await user;
    const strategy = networkFirstIn(id === null ? SW_CACHES.pages : userCache(id));
    try {
      return await strategy.handle(options);
    } catch {
      // Never saved: the shell's own page, which renders the address and says what could not be loaded.
      const shell = await caches.match('/index.html', { cacheName: shellCache });
      if (shell) return markOffline(shell);
      return Response.error();
    }
  },
);

/** The shell's page, marked as not saved (no saved-at time): the page says it is offline. */
async function markOffline(response: Response) {
  const html = (await response.text()).replace(/<head[^>]*>/i, (head) => `${head}<meta name="${SW_SAVED_AT_META}">`);
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

// ---- The map of areas: the network's, else the one this worker keeps the files of ----

registerRoute(
  ({ url }) => url.pathname === '/remotes.json' && url.origin === self.location.origin,
  async ({ request }) => {
    try {
      // A weak link gets the same 3 seconds as a page, then this worker's own map.
      const timeout = new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timeout')), 3000));
      const response = await Promise.race([fetch(request), timeout]);
      if (response.ok) return response;
      throw new Error(`HTTP ${response.status}`);
    } catch {
      const json = Object.fromEntries(
        Object.values(config.areas).map(({ name, entry, layout, patterns, serverRendered }) => [
          name,
          { entry, layout, patterns, serverRendered },
        ]),
      );
      return new Response(JSON.stringify(json), { headers: { 'Content-Type': 'application/json' } });
    }
  },
);

// The shell's files: kept ones from the cache, others (a data saver's phone) kept as they are loaded.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || shellFiles.has(url.pathname)),
  new CacheFirst({ cacheName: shellCache, plugins: [onlyOk] }),
);

/**
 * A file of another release of the area that this phone keeps at the same place is the same bytes (placeOf): a page
 * that loads a new release before this worker is replaced (its map of areas is the network's) takes it from there
 * instead of downloading the area again. It is not filed again under the address asked: what a worker keeps is its
 * own releases' files (the new worker copies them at its install), and another release's address would outlive it.
 */
const sameFileKept: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cacheName, cachedResponse, request }) => {
    const place = cachedResponse ? undefined : placeOf(request.url);
    if (!place) return cachedResponse;
    const cache = await caches.open(cacheName);
    const earlier = (await cache.keys()).find((kept) => placeOf(kept.url) === place);
    return (earlier && (await cache.match(earlier))) ?? null;
  },
};

// Each release's files never change at their address.
registerRoute(
  ({ url }) => (url.pathname.startsWith('/remotes/') && url.origin === self.location.origin) || isActiveFile(url.href),
  new CacheFirst({ cacheName: SW_CACHES.areas, plugins: [onlyOk, sameFileKept] }),
);

// ---- API reads ----

const isApiRead = (url: URL, request: Request) =>
  request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/');
/** Never kept: health and backups, files a user downloads (a CV, an export), the credential files. */
const NOT_KEPT = /^\/api\/(health|backup|metrics)|\/(cv|export|download)(\/|$)|\.csv$/;

/** Public reads asked of the network first: what a verifier must see as it is now. */
const FRESH_FIRST = /^\/api\/(certificates\/verify|credentials)\//;

/** The account a bearer token is for (its `sub`), read only to file the answer: the API checks the token. */
function accountOf(authorization: string): number | null {
  try {
    const payload = authorization.replace(/^Bearer\s+/i, '').split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = Number((JSON.parse(json) as { sub?: unknown }).sub);
    return Number.isInteger(sub) ? sub : null;
  } catch {
    return null;
  }
}

/** After a write of this phone, public reads are asked again rather than shown from before it. */
const publicReads = new StaleWhileRevalidate({
  cacheName: SW_CACHES.api,
  plugins: [
    onlyOk,
    markSaved,
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    tellWhenFresher,
  ],
});

registerRoute(
  ({ url, request }) => isApiRead(url, request) && !NOT_KEPT.test(url.pathname),
  async (options) => {
    const { request } = options;
    const authorization = request.headers.get('Authorization');
    // A verification (a certificate's, a credential's status) is asked afresh first: a revocation shows at once.
    if (!authorization)
      return FRESH_FIRST.test(new URL(request.url).pathname)
        ? networkFirstIn(SW_CACHES.api).handle(options)
        : publicReads.handle(options);
    // Kept for the account whose token it carries, and only while that account is the one signed in here (another
    // tab still holding an earlier account's token is not filed under the new one).
    const id = await user;
    if (id === null || accountOf(authorization) !== id) return fetch(request);
    return networkFirstIn(userCache(id)).handle(options);
  },
);

// A write of this phone may change what public reads answer: they are asked again (not shown from before).
// Writes themselves go to the network as they are, never kept.
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/'),
    async ({ request }) => {
      const response = await fetch(request);
      // (Signing in, out or up changes no public read.)
      if (response.ok && !new URL(request.url).pathname.startsWith('/api/auth/')) await caches.delete(SW_CACHES.api);
      return response;
    },
    method,
  );
}

setCatchHandler(async () => Response.error());

// ---- Writes kept on the phone: sent on Background Sync (the page also sends on reconnect and on open) ----

interface SyncEvent extends ExtendableEvent {
  tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  event.waitUntil(
    sendQueuedWrites('/api/').then((outcome) => {
      // Still waiting (no network yet): the browser tries the sync again later.
      if (outcome.waiting) throw new Error('Writes still waiting');
    }),
  );
}) as EventListener);
