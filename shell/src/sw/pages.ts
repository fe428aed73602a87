/// <reference lib="webworker" />
/**
 * The site's pages as the server renders them for a visitor, kept to be read offline. A server-rendered page is
 * read without its script (its HTML is the page), so a few KiB each keep what a visitor offline wants most, with
 * none of the app's code:
 * - the pages visited, as they were served (the navigation's answer, or the page the worker found open);
 * - ahead, at the worker's install: the job board's first page, the pages about the centre (About, Contact, the
 *   terms, the privacy policy) and the certificate box; never on a data saver's phone, nor for a signed-in user
 *   (the server renders theirs with their name: they keep what they read, in their account's cache).
 * A page rendered for a signed-in user is never kept as a visitor's: its data says whom it was rendered for.
 */
import { paths } from '@btls/shared-auth/paths';
import { SW_CACHES } from '@btls/shared-api/service-worker';
import { SERVER_DATA_ID, SESSION_HINT_KEY } from '../server-data';
import { loadedByThePage, shellCache } from './files';
import { noteDataSaverOfThePage } from './phone';
import { config, scope as self } from './scope';

/** The pages kept ahead for a visitor, which they may want offline before ever opening them. */
export const PAGES_KEPT_AHEAD: string[] = [
  paths.jobs,
  paths.about,
  paths.contact,
  paths.termsOfService,
  paths.privacyPolicy,
  paths.certificateCheck,
];

/** What a page's HTML says of itself. */
export interface PageRead {
  /** It came with its content and data (the server rendered it), so it is read without its script. */
  serverRendered: boolean;
  /** Rendered for no one signed in (no session hint in its data); a page the browser renders is no one's. */
  visitor: boolean;
  /** Rendered for a data saver (the request's Save-Data, or the profile's setting). */
  dataSaver: boolean;
  /** Its title, as written in its HTML (escaped). */
  title: string;
}

interface Query {
  queryKey?: unknown[];
  state?: { data?: unknown };
}

export function readPage(html: string): PageRead {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const data = new RegExp(`<script id="${SERVER_DATA_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(
    html,
  )?.[1];
  if (!data) return { serverRendered: false, visitor: true, dataSaver: false, title };
  let queries: Query[] = [];
  try {
    queries = (JSON.parse(data) as { queries?: Query[] }).queries ?? [];
  } catch {
    // Unreadable data: not known to be a visitor's.
    return { serverRendered: true, visitor: false, dataSaver: false, title };
  }
  const of = (key: string) => queries.find((query) => query.queryKey?.[0] === key);
  const hint = of(SESSION_HINT_KEY[0]);
  const site = of('site')?.state?.data as { dataSaver?: unknown } | undefined;
  return {
    serverRendered: true,
    visitor: hint !== undefined && hint.state?.data === null,
    dataSaver: site?.dataSaver === true,
    title,
  };
}

/**
 * Whether `response` is worth keeping as a visitor's page: a complete HTML page rendered for no one signed in,
 * which reads offline as it is (server-rendered), or the shell's page where this phone keeps the app's code to
 * render it. Its data saver is noted (the worker then fetches nothing ahead).
 */
export async function visitorsToKeep(response: Response): Promise<boolean> {
  if (response.status !== 200 || !(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return false;
  const page = readPage(await response.clone().text());
  await noteDataSaverOfThePage(page.dataSaver);
  if (!page.visitor) return false;
  return page.serverRendered || !!(await caches.match('/index.html', { cacheName: shellCache }));
}

/** Keeps `response` as the visitor's page at `url`, if it is one (see visitorsToKeep). */
export async function keepVisitorsPage(url: string, response: Response): Promise<void> {
  if (await visitorsToKeep(response)) await (await caches.open(SW_CACHES.pages)).put(url, response);
}

/** The pages open now, of this site, without their fragment (a reset link's token is the page's own). */
async function openPages(): Promise<string[]> {
  const urls = [];
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin) continue;
    url.hash = '';
    urls.push(url.href);
  }
  return urls;
}

/**
 * At install, for a visitor: the pages open now (the visit that brought this worker: loaded before it, copied from
 * the browser's cache, never downloaded again), then, unless `ahead` is false, the pages kept ahead that this
 * phone does not have yet, one at a time. Nothing ahead when a page open says it was rendered for a data saver.
 */
export async function keepVisitorPages(ahead: boolean): Promise<void> {
  const cache = await caches.open(SW_CACHES.pages);
  let saving = false;
  for (const url of await openPages()) {
    const copy = await loadedByThePage(url);
    if (!copy) continue;
    saving ||= readPage(await copy.clone().text()).dataSaver;
    await keepVisitorsPage(url, copy);
  }
  // (The public area's pages: not on the admin console, whose worker lists the admin area alone.)
  if (!ahead || saving || !config.areas.public) return;
  for (const path of PAGES_KEPT_AHEAD) {
    const url = new URL(path, self.location.origin).href;
    if (await cache.match(url)) continue;
    try {
      // With the site's cookies (the page in this phone's language); kept only if it is a visitor's.
      const response = await fetch(url, { credentials: 'same-origin' });
      await keepVisitorsPage(url, response);
    } catch {
      // offline meanwhile: kept when next visited
    }
  }
}

/** The pages saved in `cacheName`, with their titles (for the offline page's list), visited ones first. */
export async function savedPages(cacheName: string): Promise<{ url: string; title: string }[]> {
  const cache = await caches.open(cacheName);
  const pages = [];
  for (const request of await cache.keys()) {
    const saved = await cache.match(request);
    if (!saved || !(saved.headers.get('Content-Type') ?? '').startsWith('text/html')) continue;
    const { title } = readPage(await saved.text());
    pages.push({ url: request.url, title });
  }
  return pages;
}

/**
 * After a new shell took over: pages saved with the earlier one go where they need its scripts to be read (a page
 * the browser rendered; a signed-in user's, which the shell renders from their saved reads); offline, such an
 * address gets this shell. A visitor's server-rendered page stays: its HTML is the page.
 */
export async function forgetPagesOfOldShell(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name !== SW_CACHES.pages && !name.startsWith(SW_CACHES.userPrefix)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const saved = await cache.match(request);
      if (!(saved?.headers.get('Content-Type') ?? '').startsWith('text/html')) continue;
      if (name === SW_CACHES.pages && readPage(await saved!.text()).serverRendered) continue;
      await cache.delete(request);
    }
  }
}
