/**
 * Pages a visitor may want with no network before ever opening them: the job board's first page and the pages
 * that say who the centre is and how to reach it (About, Contact, the terms and the privacy policy), and the
 * certificate box (offline it says a check needs the network). The service
 * worker keeps what passes through it (shell/src/sw/routes.ts): their code and the board's data are asked for
 * (./keep-pages.ts, a chunk of its own) once a worker controls the page, in the browser's idle time, at most once a
 * day; never on a data saver's phone (it fetches nothing ahead), never offline.
 *
 * Not on the page a visitor lands on: that first page stays within its data budget (about 30 KiB more would take it
 * past 250 KiB), and someone who reads one page and leaves pays nothing for pages they never wanted. They are asked
 * for once the visitor opens a second page, or on their next visit.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from '@btls/shared-auth';
import { dataSaverOn } from '@btls/shared-api/data-saver';

/** When this browser last asked for them (its own storage: one phone, one copy). */
export const KEPT_AT_KEY = 'btlsPagesKept';
/** That this browser opened a page of the site before (a visit ago, or a page ago). */
const SEEN_KEY = 'btlsSeen';
const DAY_MS = 24 * 3600 * 1000;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 10_000 }) : setTimeout(work, 1000);

/** Starts it once a worker controls the page; returns how to stop waiting for one (the page left). */
export function keepPagesWhenControlled(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const start = () => {
    if (dataSaverOn() || !navigator.onLine) return;
    if (Date.now() - Number(stored(KEPT_AT_KEY) ?? 0) < DAY_MS) return;
    whenIdle(() => void import('./keep-pages').then(({ keepPages }) => keepPages()).catch(() => undefined));
  };
  if (navigator.serviceWorker.controller) {
    start();
    return () => undefined;
  }
  navigator.serviceWorker.addEventListener('controllerchange', start, { once: true });
  return () => navigator.serviceWorker.removeEventListener('controllerchange', start);
}

/** In the area's routes: keeps the pages once this is not the visitor's first page (see above). */
export function useKeepPagesOffline(): void {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  const returning = useRef(stored(SEEN_KEY) !== null).current;
  useEffect(() => {
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      // (no storage: every visit is a first one)
    }
  }, []);
  const engaged = returning || pathname !== landing.current;
  useEffect(() => (engaged ? keepPagesWhenControlled() : undefined), [engaged]);
}
