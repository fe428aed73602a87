/// <reference lib="webworker" />
/**
 * How the worker answers each request: pages network first (3 s) then their saved copy (else the shell, or the
 * offline page where this phone does not keep the app), the map of areas, the
 * shell's and the areas' files from what is kept, the API's reads as the API's answers allow (policy.ts), and
 * writes straight to the network.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { SW_CACHES, SW_SAVED_AT_META } from '@btls/shared-api/service-worker';
import { keepApp } from './app';
import { isActiveFile, shellCache, shellFiles } from './files';
import { offlinePage } from './offline-page';
import { readPage, savedPages, visitorsToKeep } from './pages';
import { currentUser, noteDataSaverOfThePage, userCache } from './phone';
import { markSaved, networkFirstIn, onlyOk, sameFileKept, tellWhenFresher } from './plugins';
import { noteVisit } from './visits';
import { askNetworkFirst, changesPublicReads, mayKeep, readKind, type ReadKind } from './policy';
import { config, scope as self } from './scope';

/** A visitor's pages are kept only as a visitor's (never one rendered for a signed-in user): see pages.ts. */
const visitorsPage: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((await visitorsToKeep(response)) ? response : null),
};
/** An account's pages, as they come (the data saver their server-rendered ones were rendered for noted). */
const accountsPage: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    if ((response.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      const page = readPage(await response.clone().text());
      if (page.serverRendered) await noteDataSaverOfThePage(page.dataSaver);
    }
    return response;
  },
};

/** How long a page opened on a visitor's return has the link to itself before the app's code is fetched. */
const AFTER_THE_PAGE_MS = 5000;

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async (options) => {
    // A page opened long after the last one: the visitor came back, and the app's code is kept from now on, once
    // the page has had the link to itself for a while (as the worker's registration waits for the page's load).
    options.event.waitUntil(
      noteVisit()
        .then(async (returning) => {
          if (!returning) return;
          await new Promise((done) => setTimeout(done, AFTER_THE_PAGE_MS));
          await keepApp();
        })
        .catch(() => undefined),
    );
    const id = await currentUser();
    const cacheName = id === null ? SW_CACHES.pages : userCache(id);
    const strategy = networkFirstIn(cacheName, id === null ? visitorsPage : accountsPage);
    try {
      return await strategy.handle(options);
    } catch {
      // Never saved: where this phone keeps the app, the shell's own page, which renders the address and says what
      // could not be loaded; else the worker's offline page, which lists what can be read.
      const shell = await caches.match('/index.html', { cacheName: shellCache });
      if (shell) return markOffline(shell);
      return offlinePage(options.url.href, await savedPages(cacheName));
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

// Each release's files never change at their address.
registerRoute(
  ({ url }) => (url.pathname.startsWith('/remotes/') && url.origin === self.location.origin) || isActiveFile(url.href),
  new CacheFirst({ cacheName: SW_CACHES.areas, plugins: [onlyOk, sameFileKept] }),
);

// ---- API reads: what the API answers decides what is kept (policy.ts) ----

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

/** Only what the API lets a phone keep is kept (a download, a `no-store` public answer are not). */
const keptAsTheApiSays = (kind: ReadKind): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (mayKeep(kind, response) ? response : null),
});
const keptPublic = keptAsTheApiSays('public');
const keptForTheAccount = keptAsTheApiSays('account');

/** After a write of this phone, public reads are asked again rather than shown from before it. */
const publicReads = new StaleWhileRevalidate({
  cacheName: SW_CACHES.api,
  plugins: [
    keptPublic,
    markSaved,
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    tellWhenFresher,
  ],
});
const checkedReads = networkFirstIn(SW_CACHES.api, keptPublic);

const apiRead = ({ request, url }: { request: Request; url: URL }) =>
  readKind({
    method: request.method,
    url,
    origin: self.location.origin,
    signedIn: request.headers.has('Authorization'),
  });

registerRoute(
  (options) => apiRead(options) !== 'network',
  async (options) => {
    const { request } = options;
    const authorization = request.headers.get('Authorization');
    if (!authorization) {
      // What the API wants checked every time (a certificate's verification) is asked afresh first.
      const kept = await caches.match(request, { cacheName: SW_CACHES.api });
      return kept && askNetworkFirst(kept.headers) ? checkedReads.handle(options) : publicReads.handle(options);
    }
    // Kept for the account whose token it carries, and only while that account is the one signed in here (another
    // tab still holding an earlier account's token is not filed under the new one).
    const id = await currentUser();
    if (id === null || accountOf(authorization) !== id) return fetch(request);
    return networkFirstIn(userCache(id), keptForTheAccount).handle(options);
  },
);

// A write of this phone may change what public reads answer: they are asked again (not shown from before).
// Writes themselves go to the network as they are, never kept.
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/'),
    async ({ request }) => {
      const response = await fetch(request);
      if (response.ok && changesPublicReads(new URL(request.url).pathname)) await caches.delete(SW_CACHES.api);
      return response;
    },
    method,
  );
}

setCatchHandler(async () => Response.error());
