/**
 * Asks for the pages' code and the job board's first page of data through the service worker, which keeps them
 * (see ./when-controlled.ts). The data is asked exactly as the board asks for it with no filter (the same query),
 * so the page finds it offline; the code is the pages' own chunks, with their styles and what they import.
 */
import { jobFacetsQuery, jobsPageQuery } from '@btls/shared-api';
import { dataSaverOn } from '@btls/shared-api/data-saver';

/** When this browser last asked for them (its own storage: one phone, one copy). */
const KEPT_AT_KEY = 'btlsPagesKept';
const DAY_MS = 24 * 3600 * 1000;

function keptAt(): number {
  try {
    return Number(localStorage.getItem(KEPT_AT_KEY) ?? 0);
  } catch {
    return 0;
  }
}

const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 10_000 }) : setTimeout(work, 1000);

/** Starts it once a worker controls the page; returns how to stop waiting for one (the page left). */
export function keepPagesWhenControlled(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const start = () => {
    if (dataSaverOn() || !navigator.onLine || Date.now() - keptAt() < DAY_MS) return;
    whenIdle(() => void keepPages().catch(() => undefined));
  };
  if (navigator.serviceWorker.controller) {
    start();
    return () => undefined;
  }
  navigator.serviceWorker.addEventListener('controllerchange', start, { once: true });
  return () => navigator.serviceWorker.removeEventListener('controllerchange', start);
}

const PAGES = import.meta.glob([
  '../features/jobs/jobs-page.tsx',
  '../features/about/about-page.tsx',
  '../features/contact/contact-page.tsx',
  '../features/legal/legal-pages.tsx',
  // The certificate box: offline it says a check needs the network, rather than "could not load this part".
  '../features/verify/verify-page.tsx',
]);

async function keepPages(): Promise<void> {
  const board = [jobFacetsQuery(), jobsPageQuery({}, 1)].map((query) => (query.queryFn as () => Promise<unknown>)());
  // One at a time: what the phone is doing meanwhile keeps its share of the link.
  for (const load of Object.values(PAGES)) await load();
  await Promise.all(board);
  localStorage.setItem(KEPT_AT_KEY, String(Date.now()));
}
