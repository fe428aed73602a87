/**
 * What the page knows of its service worker and of the network, as small stores the bars read
 * (useSyncExternalStore): a new version waiting, the network gone. Kept in the first chunk (a few hundred
 * bytes); the worker's registration (service-worker.ts) and the bars are chunks of their own.
 */
import { externalStore } from '@btls/shared-api';
import type { PageMessage } from '@btls/shared-api/service-worker';

/** The new worker installed and waiting for the Reload, when there is one. */
export const waitingVersion = externalStore<ServiceWorker | null>(null);

/** Whether the browser says it is offline (`navigator.onLine`, with its online/offline events). */
export const offline = externalStore(false);

export function watchNetwork(): void {
  const update = () => offline.set(!navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}

/**
 * The areas this phone uses: the worker keeps what it loads of them, and their new builds at each release. Remembered here (the area loads long before
 * the worker's registration chunk, which tells the worker them all once it is there), and told at once to a
 * worker already there.
 */
export const areasUsed = new Set<string>();
export function keepArea(area: string, message: PageMessage): void {
  areasUsed.add(area);
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.active?.postMessage(message))
    .catch(() => undefined);
}
