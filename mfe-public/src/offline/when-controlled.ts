/**
 * Pages a visitor may want with no network before ever opening them: the job board's first page and the pages
 * that say who the centre is and how to reach it (About, Contact, the terms and the privacy policy), and the
 * certificate box (offline it says a check needs the network). The service
 * worker keeps what passes through it (shell/src/sw/routes.ts): their code and the board's data are asked for
 * (./keep-pages.ts, a chunk of its own: only this hook is in the first load) once a worker controls the page, in the browser's idle time, at most once a
 * day; never on a data saver's phone (it fetches nothing ahead), never offline.
 *
 * Not on the page a visitor lands on: that first page stays within its data budget (about 30 KiB more would take it
 * past 250 KiB), and someone who reads one page and leaves pays nothing for pages they never wanted. They are asked
 * for once the visitor opens a second page, or on their next visit.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@btls/shared-auth';

/** That this browser opened a page of the site before (a visit ago, or a page ago). */
const SEEN_KEY = 'btlsSeen';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

/** In the area's routes: keeps the pages once this is not the visitor's first page (see above). */
export function useKeepPagesOffline(): void {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  // Read once, on the first render (a lazy state's start): the page's own visit has been noted by the next.
  const [returning] = useState(seenBefore);
  useEffect(() => {
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      // (no storage: every visit is a first one)
    }
  }, []);
  const engaged = returning || pathname !== landing.current;
  useEffect(() => {
    if (!engaged) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./keep-pages')
      .then(({ keepPagesWhenControlled }) => {
        if (!left) stop = keepPagesWhenControlled();
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [engaged]);
}
