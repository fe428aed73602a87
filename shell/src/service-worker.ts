/**
 * Registers the service worker (shell/src/sw.ts, served at /sw.js) once the page has painted, and
 * keeps it told what it needs: whose pages and reads it saves (cleared at sign-out, so the next person on this
 * phone never sees them; a sign-in also has it keep the app's code), which areas this phone uses, whether the app
 * was installed (it then keeps the app's code), and when a newer version is waiting. A chunk of its own, loaded
 * after the first paint, on a page whose app woke (a visitor's page that never wakes has the loader register the
 * worker: build-config/after-paint.js).
 */
import { dataSaverOn, jobApplicationKeys, progressKeys, type createQueryClient } from '@btls/shared-api';
import {
  DATA_SAVER_META,
  SW_CACHES,
  SW_MESSAGES,
  workerMessage,
  type PageMessage,
} from '@btls/shared-api/service-worker';
import { useSessionStore } from '@btls/shared-auth';
import { areasUsed, waitingVersion } from './app-state';

type QueryClient = ReturnType<typeof createQueryClient>;

let registration: ServiceWorkerRegistration | undefined;

const worker = () => registration?.active ?? navigator.serviceWorker.controller;

function tell(message: PageMessage) {
  worker()?.postMessage(message);
}

/**
 * Tells the worker and waits until it answers that it took it in (a message and the page's next reads reach the
 * worker by different ways, in no fixed order); a worker that does not answer within 3 s is not waited for.
 */
function tellAndWait(message: PageMessage): Promise<void> {
  const to = worker();
  if (!to) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 3000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    to.postMessage(message, [channel.port2]);
  });
}

/** Who is signed in: the account's id, null for a visitor, undefined while the session is being restored. */
const known = () => {
  const state = useSessionStore.getState();
  return state.status === 'loading' ? undefined : (state.user?.id ?? null);
};

/** Who is signed in, once the session is restored. */
function sessionKnown(): Promise<number | null> {
  return new Promise((resolve) => {
    const settled = () => {
      const id = known();
      if (id !== undefined) resolve(id);
      return id !== undefined;
    };
    if (settled()) return;
    const stop = useSessionStore.subscribe(() => {
      if (settled()) stop();
    });
  });
}

/**
 * The first worker took this page over: the page is saved as it is (a public page holds its data), and a
 * signed-in page's data, which came apart from it, is read again through the worker so it is saved too (a
 * visitor pays no second download). Who is signed in goes first, and the worker has taken it in before the page
 * or its data are asked for: whatever order the worker started in, they are filed under that account, never as
 * a visitor's.
 */
async function fileTakenOverPage(queryClient: QueryClient) {
  const id = await sessionKnown();
  await tellAndWait({ type: SW_MESSAGES.user, id });
  tell({ type: SW_MESSAGES.save, url: location.href, id });
  if (id !== null) void queryClient.invalidateQueries();
}

/**
 * Deletes what was saved for accounts other than `userId` (all of them when no one is signed in); with
 * `pagesToo` (someone just signed out, or another account in), the pages saved meanwhile too (they may show the
 * name in the top bar, if saved before the worker knew who was signed in).
 */
async function forgetOtherAccounts(userId: number | null, pagesToo: boolean) {
  if (!('caches' in window)) return;
  try {
    const mine = userId === null ? null : `${SW_CACHES.userPrefix}${userId}`;
    for (const name of await caches.keys()) {
      if (name.startsWith(SW_CACHES.userPrefix) && name !== mine) await caches.delete(name);
    }
    if (pagesToo) await caches.delete(SW_CACHES.pages);
  } catch {
    // Storage refused (a private window): nothing was saved either.
  }
}

/** A waiting worker when the page already has one: the page offers the new version (never on the first visit). */
function offerWhenInstalled(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    const current = navigator.serviceWorker.controller;
    if (worker.state === 'installed' && current) waitingVersion.set(worker);
  };
  check();
  worker.addEventListener('statechange', check);
}

/**
 * A trainer's progress records and a trainee's job applications kept on this phone are sent when the app opens,
 * when they sign in and when the network returns (Background Sync, where the browser has it, may have sent them first).
 */
let retry: ReturnType<typeof setTimeout> | undefined;
function sendKeptWrites(queryClient: QueryClient) {
  const { user, token } = useSessionStore.getState();
  if ((user?.role !== 'trainer' && user?.role !== 'trainee') || !token || !navigator.onLine) return;
  clearTimeout(retry);
  void import('@btls/shared-api/offline-queue')
    .then(({ sendQueuedWrites }) => sendQueuedWrites('/api/', { userId: user.id, token }))
    .then((outcome) => {
      if (outcome.sent) {
        void queryClient.invalidateQueries({ queryKey: progressKeys.progress });
        void queryClient.invalidateQueries({ queryKey: jobApplicationKeys.jobApplications });
      }
      // Still waiting with the network said to be there (a weak link, a busy server): again in a minute, for
      // browsers without Background Sync.
      if (outcome.waiting) retry = setTimeout(() => sendKeptWrites(queryClient), 60_000);
    })
    .catch(() => undefined);
}

/** At sign-out the account's kept writes stay on the phone but lose the token that could send them. */
const disarmKeptWrites = () =>
  void import('@btls/shared-api/offline-queue')
    .then(({ forgetQueueTokens }) => forgetQueueTokens())
    .catch(() => undefined);

/** Set when this page's user tapped Reload: only this page reloads when the new version takes over. */
let askedHere = false;

/**
 * The app installed on this phone (now, or opened from its home screen): its visitor will come back, so the worker
 * keeps the app's code for offline use, as after a sign-in or on a later visit.
 */
function keepAppWhenInstalled() {
  const standalone = () => matchMedia('(display-mode: standalone), (display-mode: minimal-ui)').matches;
  let installed = standalone();
  window.addEventListener('appinstalled', () => {
    installed = true;
    tell({ type: SW_MESSAGES.keepApp });
  });
  return () => installed && tell({ type: SW_MESSAGES.keepApp });
}

export async function startServiceWorker(queryClient: QueryClient): Promise<void> {
  sendKeptWrites(queryClient);
  const tellIfInstalled = keepAppWhenInstalled();
  window.addEventListener('online', () => sendKeptWrites(queryClient));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') sendKeptWrites(queryClient);
  });
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;

  // The Reload: once the new worker has taken over, the page loads again, all of it from the new version.
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!waitingVersion.current()) {
      void fileTakenOverPage(queryClient);
      return;
    }
    // Another tab's Reload: this page keeps its bar (its own Reload then just reloads), nothing swaps under it.
    if (!askedHere || reloading) return;
    reloading = true;
    location.reload();
  });
  // A public read answered from the saved copy has a fresher answer now: the data the page shows is asked again.
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (workerMessage(event.data)) void queryClient.invalidateQueries();
  });

  // Who is signed in as the session changes (undefined while it is being restored: nothing is deleted then).
  let userId = known();
  useSessionStore.subscribe((now) => {
    if (now.status === 'loading') return;
    const id = now.user?.id ?? null;
    if (id === userId) return;
    const before = userId;
    userId = id;
    tell({ type: SW_MESSAGES.user, id });
    // Signed out, or another account in: what the one before saved goes, its pages too.
    void forgetOtherAccounts(id, before !== undefined && before !== null);
    if (before !== undefined && before !== null) disarmKeptWrites();
    if (id !== null) sendKeptWrites(queryClient);
  });
  if (userId !== undefined) void forgetOtherAccounts(userId, false);

  // The profile's data saver, for a worker that cannot read cookies (no cookieStore): it decides at install.
  await caches
    ?.open(SW_CACHES.meta)
    .then((meta) => meta.put(DATA_SAVER_META, new Response(JSON.stringify(dataSaverOn()))))
    .catch(() => undefined);

  const registered = await container.register('/sw.js');
  registration = registered;
  // A newer worker found now or later, or already installed and waiting (found by an earlier page).
  registered.addEventListener('updatefound', () => offerWhenInstalled(registered.installing));
  offerWhenInstalled(registered.installing);
  offerWhenInstalled(registered.waiting);
  await container.ready;
  // A page whose load began while the first worker was installing is not taken over by its claim: it asks.
  if (!container.controller) tell({ type: SW_MESSAGES.claim });
  if (userId !== undefined) tell({ type: SW_MESSAGES.user, id: userId });
  for (const area of areasUsed) tell({ type: SW_MESSAGES.area, area });
  tellIfInstalled();

  // A page left open for hours still learns of a new version: when it comes back to the front, at most hourly.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < 60 * 60 * 1000) return;
    checked = Date.now();
    void registration?.update().catch(() => undefined);
  });
}

/** The Reload of "A new version is available": the waiting worker takes over, then the page reloads. */
export function takeNewVersion(): void {
  const worker = waitingVersion.current();
  // (Already in charge, by another tab's Reload: this page just loads again.)
  if (!worker || worker.state !== 'installed') return location.reload();
  askedHere = true;
  // Chromium may hold the new worker back while the old one is still busy (a page just loaded): asked again
  // each second; after ten, the page reloads anyway (the new version then comes at the next load).
  let asked = 0;
  const ask = () => {
    if (worker.state !== 'installed') return;
    if (asked++ === 10) return location.reload();
    worker.postMessage({ type: SW_MESSAGES.skipWaiting });
    setTimeout(ask, 1000);
  };
  ask();
}
