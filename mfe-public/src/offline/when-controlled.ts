/**
 * The code of pages a visitor may want with no network before ever opening them: the job board (with its first
 * page of data), the pages that say who the centre is and how to reach it (About, Contact, the terms and the
 * privacy policy) and the certificate box (offline it says a check needs the network). The service worker keeps
 * those pages' HTML itself (shell/src/sw/pages.ts): a visitor reads them offline as the server rendered them. Their
 * code is for the app, reached by its links offline: it is worth having only where the phone keeps the app's code,
 * which the worker does once the visitor has shown they will come back (a sign-in, a later visit, an install of
 * the app). There, their code and the board's data are asked for (./keep-pages.ts, a chunk of its own: only this
 * hook is in the first load) once a worker controls the page, in the browser's idle time, at most once a day; never
 * on a data saver's phone (it fetches nothing ahead), never offline. The worker keeps what passes through it
 * (shell/src/sw/routes.ts).
 *
 * Never on a visitor's first visit: it spends its data only on the pages' HTML.
 */
import { useEffect } from 'react';
import { useLocation } from '@btls/shared-auth';
import { APP_KEPT_META, SW_CACHES } from '@btls/shared-api/service-worker';

/** Whether the service worker keeps the app's code on this phone (what it wrote in its own cache). */
async function appKeptHere(): Promise<boolean> {
  try {
    const said = await (await caches.open(SW_CACHES.meta)).match(APP_KEPT_META);
    return said ? (await said.json()) === true : false;
  } catch {
    return false; // no storage, or no worker yet: nothing kept
  }
}

/** In the area's routes: keeps the pages' code once this phone keeps the app's (see above), checked at each page. */
export function useKeepPagesOffline(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof caches === 'undefined') return;
    let stop: (() => void) | undefined;
    let left = false;
    void appKeptHere()
      .then((kept) => (kept && !left ? import('./keep-pages') : undefined))
      .then((chunk) => {
        if (chunk && !left) stop = chunk.keepPagesWhenControlled();
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
}
