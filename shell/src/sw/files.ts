/// <reference lib="webworker" />
/**
 * The files a phone keeps ahead: the shell's page and start-up chain, and the files of the areas it uses at their
 * active release, none of them downloaded twice (what the page loaded, or an earlier release kept under the same
 * hashed name, is copied).
 */
import { isContentHashed, stemOf } from '@btls/build-config/file-names';
import { SW_CACHES } from '@btls/shared-api/service-worker';
import { dataSaver, forThisPhone } from './phone';
import { config, scope as self } from './scope';

/**
 * Fetches and keeps `urls`, six at a time. A file that cannot be fetched now is skipped, not fatal: the worker
 * still installs (a page loads it from the network and it is kept then), rather than no worker at all.
 */
async function keepFiles(cache: Cache, urls: string[]) {
  const queue = [...urls];
  const next = async (): Promise<void> => {
    const url = queue.shift();
    if (url === undefined) return;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // offline or refused meanwhile: kept later, when loaded
    }
    return next();
  };
  await Promise.all(Array.from({ length: 6 }, next));
}

/** A built file's name (`jobs-page-BSjBOi5m.js`). */
const nameOf = (url: string) => new URL(url, self.location.origin).pathname.split('/').pop() ?? '';
/** The same file in another build (`jobs-page.js`): a new build of a file this phone used is worth having. */
const buildOf = (url: string) => stemOf(nameOf(url));

/**
 * Where a file named by its content's hash is the same bytes in every release: an area's file at its path in any
 * of the area's releases on this site (the API holds each such name of an area to one content), a shell's file at
 * its address. Undefined for any other file, which is only ever its own address.
 */
export function placeOf(url: string): string | undefined {
  const { origin, pathname } = new URL(url, self.location.origin);
  if (origin !== self.location.origin || !isContentHashed(pathname)) return undefined;
  const release = /^\/remotes\/([\w-]+)\/[^/]+\/(.+)$/.exec(pathname);
  return release ? `/remotes/${release[1]}/${release[2]}` : pathname;
}

/** What this phone keeps (keptNow): read once for all the files one install looks at. */
export interface Kept {
  /** Every hashed file kept, by its place: the same bytes under any of the area's releases' addresses. */
  byPlace: Map<string, string>;
  /** The files kept of earlier releases (or an earlier shell), by name without the hash: their new builds are wanted. */
  usedBefore: Set<string>;
}

/** What this phone keeps already, in any of this worker's caches. */
export async function keptNow(): Promise<Kept> {
  const byPlace = new Map<string, string>();
  const usedBefore = new Set<string>();
  for (const name of await caches.keys()) {
    if (name !== SW_CACHES.areas && !name.startsWith(SW_CACHES.shell)) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const place = placeOf(request.url);
      if (!place) continue;
      byPlace.set(place, request.url);
      if (!isCurrentFile(request.url)) usedBefore.add(buildOf(request.url));
    }
  }
  return { byPlace, usedBefore };
}

/** The copy the page loaded, from the browser's own cache (never the network): this origin's files only. */
export async function loadedByThePage(url: string): Promise<Response | undefined> {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return undefined;
  // With the site's cookies, as the page asked; else without any: a page that varies on its cookies (`Vary:
  // Cookie`) and was a first visit's first answer was asked with none, and set some (the browser's id).
  for (const credentials of ['same-origin', 'omit'] as const) {
    try {
      const response = await fetch(target.href, { cache: 'only-if-cached', mode: 'same-origin', credentials });
      if (response.ok) return response;
    } catch {
      // not in the browser's cache as asked so
    }
  }
  return undefined;
}

/**
 * Keeps the hashed files of `urls` that this phone has, downloading none of them twice: a file kept already (at
 * this address, or under the same hashed name at an earlier release's) or loaded by the page (the browser's HTTP
 * cache) is put in as it is. Of the rest, only `wanted` ones are downloaded (a page's start-up chain), and the new
 * build of a file this phone used before unless `newBuilds` is false; the others are kept when a page first loads them.
 */
async function keepWithoutDownloading(
  cache: Cache,
  urls: string[],
  kept: Kept,
  wanted: (url: string) => boolean,
  { newBuilds = true } = {},
) {
  // A name several files share (each resource's `texts-….js`) does not say which of them this phone used.
  const sharing = new Map<string, number>();
  for (const url of urls) sharing.set(buildOf(url), (sharing.get(buildOf(url)) ?? 0) + 1);
  const newBuildOfUsed = (url: string) =>
    newBuilds && sharing.get(buildOf(url)) === 1 && kept.usedBefore.has(buildOf(url));
  const download = [];
  for (const url of urls) {
    if (await cache.match(url)) continue;
    const place = placeOf(url);
    const earlier = place && kept.byPlace.get(place);
    const copy = (earlier && (await caches.match(earlier))) || (await loadedByThePage(url));
    if (copy) await cache.put(url, copy);
    else if (wanted(url) || newBuildOfUsed(url)) download.push(url);
  }
  await keepFiles(cache, download);
}

export const shellFiles = new Map(config.shell.map((file) => [file.url, file.revision]));
/**
 * This version's cache of the shell: the worker it replaces keeps reading its own until the Reload, so an old
 * page offline never gets a newer shell's page or loses its files mid-way.
 */
export const shellCache = `${SW_CACHES.shell}-${hashOf(JSON.stringify(config.shell))}`;

function hashOf(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash, 33) ^ text.charCodeAt(i);
  return (hash >>> 0).toString(36);
}

/**
 * The shell's page and its start-up chain (the scripts and styles index.html names: what a page never saved needs
 * offline), then whatever else of the shell this phone has (see keepWithoutDownloading). A data saver's phone
 * downloads only the page. With `download: false` (a visitor's first visit), only what the page loaded is kept,
 * copied: nothing is downloaded, not even the shell's page.
 */
export async function keepShell(saving: boolean, kept: Kept, { download = true } = {}) {
  const cache = await caches.open(shellCache);
  const urls = await forThisPhone(config.shell.map((file) => file.url));
  const hashed = urls.filter((url) => shellFiles.get(url) === null);
  if (!download) return keepWithoutDownloading(cache, hashed, kept, () => false, { newBuilds: false });
  // Files named without a hash may have changed at the same address. The icon the page loaded is taken as it is;
  // the shell's page is always asked afresh (a copy in the browser's cache may be an earlier shell's, naming
  // scripts this version does not have).
  const missing = [];
  for (const url of urls.filter((url) => shellFiles.get(url) !== null)) {
    if (await cache.match(url)) continue;
    const loaded = url === '/index.html' ? undefined : await loadedByThePage(url);
    if (loaded) await cache.put(url, loaded);
    else if (!saving || url === '/index.html') missing.push(url);
  }
  await keepFiles(cache, missing);
  const index = await cache.match('/index.html');
  // Without the shell's page, a page never saved could not say so offline: this version does not install.
  if (!index) throw new Error('The shell page could not be kept');
  const startUp = new Set(
    [...(await index.clone().text()).matchAll(/\b(?:src|href)="(\/[^"?#]+)"/g)]
      .map((match) => match[1]!)
      .filter((url) => shellFiles.has(url)),
  );
  await keepWithoutDownloading(cache, hashed, kept, (url) => !saving && startUp.has(url));
}

/**
 * Once this version is in charge: the earlier versions' shell caches go. Answers whether there were any (the pages
 * saved with their shell then go too: see forgetPagesOfOldShell).
 */
export async function forgetOldShell(): Promise<boolean> {
  const older = (await caches.keys()).filter((name) => name.startsWith(SW_CACHES.shell) && name !== shellCache);
  for (const name of older) await caches.delete(name);
  return older.length > 0;
}

/**
 * The areas this phone uses, at their active release: what it has of them (see keepWithoutDownloading) and the
 * area's entry; a data saver's phone downloads nothing ahead, it keeps what its pages load as they load it, and so
 * does a visitor's first visit (`download: false`).
 */
export async function keepAreas(areas: string[], kept?: Kept, { download = true } = {}) {
  const saving = !download || (await dataSaver());
  const cache = await caches.open(SW_CACHES.areas);
  const known = kept ?? (await keptNow());
  for (const area of new Set(areas)) {
    const release = config.areas[area];
    if (!release) continue;
    const files = await forThisPhone(release.files);
    await keepWithoutDownloading(cache, files, known, (url) => !saving && url === release.entry, {
      newBuilds: download,
    });
  }
}

/** Every file of the active releases the worker lists, as absolute URLs (a release may be served from a CDN). */
const activeFiles = new Set(
  Object.values(config.areas).flatMap((area) => area.files.map((file) => new URL(file, self.location.origin).href)),
);
/**
 * The active releases' folders on this site: a release listed by its entry alone owns every file under its folder
 * (`/remotes/<area>/<version>/`; never a whole other host, which a release on a CDN could name as its base).
 */
const activeFolders = Object.values(config.areas)
  .map((area) => new URL(area.base, self.location.origin))
  .filter((folder) => folder.origin === self.location.origin && /^\/remotes\/[^/]+\/[^/]+\/$/.test(folder.pathname))
  .map((folder) => folder.href);
export const isActiveFile = (url: string) =>
  activeFiles.has(url) || activeFolders.some((folder) => url.startsWith(folder));

/** Every file this worker lists (the shell's and the active releases'), as absolute URLs. */
const shellUrls = new Set(config.shell.map((file) => new URL(file.url, self.location.origin).href));
const isCurrentFile = (url: string) => isActiveFile(url) || shellUrls.has(url);

/** Files of releases no longer active (a newer release, a rollback): not kept any more. */
export async function forgetOldReleases() {
  const cache = await caches.open(SW_CACHES.areas);
  for (const request of await cache.keys()) if (!isActiveFile(request.url)) await cache.delete(request);
}
