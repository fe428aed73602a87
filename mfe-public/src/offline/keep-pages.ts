/**
 * Asks for the pages' code and the job board's first page of data through the service worker, which keeps them
 * (see ./when-controlled.ts). The data is asked exactly as the board asks for it with no filter (the same query),
 * so the page finds it offline; the code is the pages' own chunks, with their styles and what they import.
 */
import { jobFacetsQuery, jobsPageQuery } from '@btls/shared-api';
import { KEPT_AT_KEY } from './when-controlled';

const PAGES = import.meta.glob([
  '../features/jobs/jobs-page.tsx',
  '../features/about/about-page.tsx',
  '../features/contact/contact-page.tsx',
  '../features/legal/legal-pages.tsx',
  // The certificate box: offline it says a check needs the network, rather than "could not load this part".
  '../features/verify/verify-page.tsx',
]);

export async function keepPages(): Promise<void> {
  const board = [jobFacetsQuery(), jobsPageQuery({}, 1)].map((query) => (query.queryFn as () => Promise<unknown>)());
  // One at a time: what the phone is doing meanwhile keeps its share of the link.
  for (const load of Object.values(PAGES)) await load();
  await Promise.all(board);
  localStorage.setItem(KEPT_AT_KEY, String(Date.now()));
}
