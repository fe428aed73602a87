/**
 * Issue 28: what the page knows of its service worker and of the network, as small stores the bars read
 * (useSyncExternalStore): a new version waiting, the network gone. Kept in the first chunk (a few hundred
 * bytes); the worker's registration (service-worker.ts) and the bars are chunks of their own.
 */
import { externalStore } from '@btls/shared-api';

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
