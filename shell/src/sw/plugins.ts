/// <reference lib="webworker" />
/** How kept answers are shown and refreshed: Workbox plugins and the network-first strategy per cache. */
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { SW_MESSAGES, SW_SAVED_AT_HEADER, SW_SAVED_AT_META, type WorkerMessage } from '@btls/shared-api/service-worker';
import { placeOf } from './files';
import { scope as self } from './scope';

/** A page answered from the saved copy says when it was saved (the offline banner shows it). */
export const markSaved: WorkboxPlugin = {
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
export const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * A saved answer was shown (stale-while-revalidate always, network first after its timeout on a weak link) and
 * the network's then differed: the page asks again (its data layer refetches what it shows).
 */
export const tellWhenFresher: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse, state }) {
    if (cachedResponse && state) state.shownSaved = true;
    return cachedResponse;
  },
  async cacheDidUpdate({ oldResponse, newResponse, request, state }) {
    if (!oldResponse || !state?.shownSaved) return;
    const [before, after] = await Promise.all([oldResponse.clone().text(), newResponse.clone().text()]);
    if (before === after) return;
    for (const client of await self.clients.matchAll({ type: 'window' }))
      client.postMessage({ type: SW_MESSAGES.updated, url: request.url } satisfies WorkerMessage);
  },
};

const networkFirst = new Map<WorkboxPlugin, Map<string, NetworkFirst>>();
/**
 * Network first (3 seconds, then the kept copy) in `cacheName`, keeping what `keep` lets through (complete
 * answers by default): one strategy per cache and rule.
 */
export function networkFirstIn(cacheName: string, keep: WorkboxPlugin = onlyOk) {
  const strategies = networkFirst.get(keep) ?? new Map<string, NetworkFirst>();
  networkFirst.set(keep, strategies);
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 3,
      plugins: [
        keep,
        markSaved,
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
        tellWhenFresher,
      ],
    });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

/**
 * A file of another release of the area that this phone keeps at the same place is the same bytes (placeOf): a page
 * that loads a new release before this worker is replaced (its map of areas is the network's) takes it from there
 * instead of downloading the area again. It is not filed again under the address asked: what a worker keeps is its
 * own releases' files (the new worker copies them at its install), and another release's address would outlive it.
 */
export const sameFileKept: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cacheName, cachedResponse, request }) => {
    const place = cachedResponse ? undefined : placeOf(request.url);
    if (!place) return cachedResponse;
    const cache = await caches.open(cacheName);
    const earlier = (await cache.keys()).find((kept) => placeOf(kept.url) === place);
    return (earlier && (await cache.match(earlier))) ?? null;
  },
};
