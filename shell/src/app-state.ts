/**
 * Issue 28: what the page knows of its service worker and of the network, as small stores the bars read
 * (useSyncExternalStore): a new version waiting, the network gone. Kept in the first chunk (a few hundred
 * bytes); the worker's registration (service-worker.ts) and the bars are chunks of their own.
 */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => value,
    set(next: T) {
      if (next === value) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** The new worker installed and waiting for the Reload, when there is one. */
export const waitingVersion = store<ServiceWorker | null>(null);

/** Whether the browser says it is offline (`navigator.onLine`, with its online/offline events). */
export const offline = store(false);

export function watchNetwork(): void {
  const update = () => offline.set(!navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}
