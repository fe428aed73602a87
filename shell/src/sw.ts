/// <reference lib="webworker" />
/**
 * The one service worker, owned by the shell (Workbox). The API serves it at /sw.js with the list of
 * what to keep written in front of this code (`self.__BTLS_SW`, see api/src/service-worker.ts): the shell's
 * files and, per area, the files of its active release. Activating or rolling back a release changes that
 * list, so the worker's bytes change, the browser installs the new worker beside the old one, and the page
 * offers "A new version is available" (the new worker waits for the Reload: nothing swaps under a user).
 *
 * What is kept, and how (a file is never downloaded twice: what the page loaded is copied from the browser's cache):
 * - a visitor's first visit: what is small and useful offline, within the visit's data budget: the pages they
 *   read, as the server rendered them (their HTML is the page), and a few ahead (the job board's first page,
 *   About, Contact, the terms, the privacy policy, the certificate box: sw/pages.ts); of the app's code only what
 *   the page loaded itself (it wakes on a first use). Offline, a page never saved gets a small page that says so
 *   and lists what can be read (sw/offline-page.ts);
 * - once the visitor shows they will come back (a sign-in, a later visit, an install of the app: sw/visits.ts), and
 *   from then on: the shell's page and its start-up chain, and what this phone has loaded of the shell and of each
 *   area it uses; the rest of a file set as a page first loads it. Offline, a page never saved gets the shell,
 *   which renders the address and says so;
 * - at a new release, the new builds of the files this phone used (a file whose content did not change keeps its
 *   hashed name and is copied), before the new worker is installed;
 * - a data saver's phone: nothing ahead, only what it loads, as it loads it;
 * - pages (HTML): network first with a 3-second timeout, then the saved copy marked with when it was saved; a
 *   visitor's page only if it was rendered for no one signed in;
 * - API reads: as the API's answers allow (sw/policy.ts): public ones stale-while-revalidate (the page is told
 *   when a fresher answer arrived), network first for what the API wants checked each time, never a download;
 * - signed-in API reads and pages: network first (3 seconds, then the saved copy, and the page is told when the
 *   network's answer came and differed), saved per account, deleted at sign-out by the page;
 * - writes and uploads: never kept (queued progress records are the page's IndexedDB queue, sent here on
 *   Background Sync).
 * Workbox gives the routing, the strategies and the expiry; what is kept at install is written here, since it
 * depends on the phone (what it loaded, its data saver, its areas), which Workbox's precache list cannot.
 */
import { clientsClaim } from 'workbox-core';
import { QUEUE_SYNC_TAG, sendQueuedWrites } from '@btls/shared-api/offline-queue';
import { pageMessage, SW_MESSAGES } from '@btls/shared-api/service-worker';
import { keepApp, keepAppNow, keepWhatWasLoaded } from './sw/app';
import { forgetOldReleases, forgetOldShell, keepAreas, keptNow, loadedByThePage, shellCache } from './sw/files';
import { forgetPagesOfOldShell, keepVisitorPages, keepVisitorsPage } from './sw/pages';
import {
  currentUser,
  dataSaver,
  META_AREAS,
  readMeta,
  setCurrentUser,
  signedInHere,
  userCache,
  writeMeta,
} from './sw/phone';
import './sw/routes';
import { config, scope as self } from './sw/scope';
import { appKept, noteVisit } from './sw/visits';

// The first worker takes the open page at once (what it reads from then on is saved). A newer one waits for
// the Reload (no skipWaiting here): only then does it take over.
clientsClaim();

self.addEventListener('install', (event) => {
  // Before this worker counts as installed. Where this phone keeps the app (someone signed in, a visitor who came
  // back or installed it, an earlier worker that kept it): the shell and the public area (every visitor needs
  // them), and the areas this phone had, at their new release. A visitor's first visit: the pages they read and a
  // few ahead, and of the app only what the page already loaded. Nothing is downloaded twice: what the page
  // loaded is copied from the browser's cache.
  event.waitUntil(
    (async () => {
      // What this phone keeps is read once, before this install adds to it.
      const kept = await keptNow();
      const returning = await noteVisit();
      const signedIn = await signedInHere();
      if (returning || signedIn || (await appKept())) await keepAppNow(kept);
      else await keepWhatWasLoaded(kept);
      // The pages ahead are a visitor's (a signed-in user's would be rendered with their name).
      await keepVisitorPages(!signedIn && (await currentUser()) === null && !(await dataSaver()));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Asked to keep the app while the worker before was in charge (a sign-in meanwhile): kept at this version too.
      if ((await appKept()) && !(await caches.match('/index.html', { cacheName: shellCache }))) await keepApp();
      if (await forgetOldShell()) await forgetPagesOfOldShell();
      await forgetOldReleases();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = pageMessage(event.data);
  switch (message?.type) {
    case SW_MESSAGES.skipWaiting:
      void self.skipWaiting();
      break;
    case SW_MESSAGES.claim:
      event.waitUntil(self.clients.claim());
      break;
    case SW_MESSAGES.user:
      // Answered once kept (a page waits for it before reading again what this worker should file) and, for an
      // account, once the app is kept (its first visit keeps the app offline; the page waits a few seconds at most).
      event.waitUntil(
        setCurrentUser(message.id)
          .then(() => (message.id === null ? undefined : keepApp()))
          .then(() => event.ports[0]?.postMessage(true)),
      );
      break;
    case SW_MESSAGES.save:
      event.waitUntil(savePage(message.url, message.id));
      break;
    case SW_MESSAGES.area:
      if (config.areas[message.area]) event.waitUntil(useArea(message.area));
      break;
    case SW_MESSAGES.keepApp:
      event.waitUntil(keepApp());
      break;
  }
});

/**
 * The page this worker took over was loaded before it: saved now, as a later load would have been, under the
 * account the page says it is for (it tells, with the page), else the one it said before; a visitor's only if it
 * was rendered for no one signed in.
 */
async function savePage(address: string, account: number | null | undefined) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin) return;
  // A fragment is the page's own (a reset link's token is one): never written into the phone's storage.
  url.hash = '';
  const id = account === undefined ? await currentUser() : account;
  // The page as it came (the browser's cache), else asked again.
  const response = (await loadedByThePage(url.href)) ?? (await fetch(url, { credentials: 'same-origin' }));
  if (id === null) return keepVisitorsPage(url.href, response);
  if (response.status === 200 && (response.headers.get('Content-Type') ?? '').startsWith('text/html'))
    await (await caches.open(userCache(id))).put(url.href, response);
}

/**
 * This phone uses an area: what it loaded of it is kept, now and at its next releases; its entry downloaded too
 * where this phone keeps the app's code.
 */
async function useArea(area: string) {
  const areas = await readMeta<string[]>(META_AREAS, []);
  if (!areas.includes(area)) await writeMeta(META_AREAS, [...areas, area]);
  await keepAreas([area], undefined, { download: await appKept() });
}

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
