/// <reference lib="webworker" />
/**
 * Whether this phone keeps the app's code, and when a visitor has shown they will come back.
 *
 * A visitor's first visit keeps only what is small and useful offline: the pages read, as the server rendered them,
 * and a few pages ahead (./pages.ts). The app's code (the shell's page and start-up chain, the areas this phone
 * uses) is kept once the visitor shows they will come back:
 * - they sign in (the page says who, USER; or the worker finds the session's cookie at its install);
 * - they come back: a page opened at least VISIT_GAP_MS after the last page this phone opened of the site (a
 *   visit's pages come closer together; the same rule as a web analytics session's);
 * - they install the app, or open it from the home screen (the page says so, KEEP_APP).
 * From then on every version of the worker keeps it (APP_KEPT_META), as every worker did before.
 */
import { APP_KEPT_META, SW_CACHES, VISIT_META } from '@btls/shared-api/service-worker';
import { readMeta, writeMeta } from './phone';

/** A later visit starts with a page opened this long after the last one. */
export const VISIT_GAP_MS = 30 * 60 * 1000;

/** Whether this phone keeps the app's code: it said so, or an earlier worker kept the shell's page. */
export async function appKept(): Promise<boolean> {
  if (await readMeta<boolean>(APP_KEPT_META, false)) return true;
  // (A phone whose worker kept the app on every first visit, before this rule.)
  for (const name of await caches.keys()) {
    if (name.startsWith(`${SW_CACHES.shell}-`) && (await (await caches.open(name)).match('/index.html'))) {
      await writeMeta(APP_KEPT_META, true);
      return true;
    }
  }
  return false;
}

export const markAppKept = () => writeMeta(APP_KEPT_META, true);

/**
 * Notes a page opened now; answers whether it starts a later visit (the last page opened was VISIT_GAP_MS ago or
 * more). The first page this worker learns of starts the first visit.
 */
export async function noteVisit(now = Date.now()): Promise<boolean> {
  const { last } = await readMeta<{ last?: number }>(VISIT_META, {});
  await writeMeta(VISIT_META, { last: now });
  return typeof last === 'number' && now - last >= VISIT_GAP_MS;
}
