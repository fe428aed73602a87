/**
 * Pages a visitor may want with no network before ever opening them: the job board's first page and the pages
 * that say who the centre is and how to reach it (About, Contact, the terms and the privacy policy), and the
 * certificate box. The service worker keeps what passes through it (shell/src/sw/routes.ts): once one controls
 * this page, their code and the board's data are asked for once a day, in the browser's idle time
 * (./keep-pages.ts, a chunk of its own). Never on a data saver's phone (it fetches nothing ahead), never offline.
 */
import { dataSaverOn } from '@btls/shared-api/data-saver';

/** When this browser last asked for them (its own storage: one phone, one copy). */
export const KEPT_AT_KEY = 'btlsPagesKept';
const DAY_MS = 24 * 3600 * 1000;

function keptRecently(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(KEPT_AT_KEY) ?? 0) < DAY_MS;
  } catch {
    return false;
  }
}

const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 10_000 }) : setTimeout(work, 1000);

/** Starts it once a worker controls the page; returns how to stop waiting for one (the page left). */
export function keepPagesWhenControlled(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const start = () => {
    if (dataSaverOn() || !navigator.onLine || keptRecently()) return;
    whenIdle(() => void import('./keep-pages').then(({ keepPages }) => keepPages()).catch(() => undefined));
  };
  if (navigator.serviceWorker.controller) {
    start();
    return () => undefined;
  }
  navigator.serviceWorker.addEventListener('controllerchange', start, { once: true });
  return () => navigator.serviceWorker.removeEventListener('controllerchange', start);
}
