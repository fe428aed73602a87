/// <reference lib="webworker" />
/** What the worker knows of this phone: its data saver, its language, the account signed in, its areas. */
import type { Language } from '@btls/kernel/basics';
import { isLanguage, LANGUAGE_KEY, languageFromPreferences } from '@btls/kernel/language';
import { DATA_SAVER_COOKIE } from '@btls/shared-api/data-saver';
import { catalogueLanguage, DATA_SAVER_META, SW_CACHES } from '@btls/shared-api/service-worker';

export const META_USER = '/__btls/user';
export const META_AREAS = '/__btls/areas';
export async function readMeta<T>(key: string, empty: T): Promise<T> {
  const response = await (await caches.open(SW_CACHES.meta)).match(key);
  return response ? ((await response.json()) as T) : empty;
}
export async function writeMeta(key: string, value: unknown) {
  await (await caches.open(SW_CACHES.meta)).put(key, new Response(JSON.stringify(value)));
}
let user: Promise<number | null> = readMeta<number | null>(META_USER, null);
/** The account whose pages and reads are saved now (the page says; kept across worker restarts). */
export const currentUser = () => user;
export function setCurrentUser(id: number | null) {
  user = Promise.resolve(id);
  return writeMeta(META_USER, id);
}
/** One cache per account, deleted at sign-out by the page. */
export const userCache = (id: number) => `${SW_CACHES.userPrefix}${id}`;

/**
 * A data saver's phone fetches nothing ahead: it keeps what it loads, as it loads it (and, where it keeps the app,
 * the shell's page). On when the browser's data saver is (`saveData`, in workers too), when the profile's setting
 * is (its cookie, which Chromium's worker reads with `cookieStore`), or when the last page the server rendered for
 * this phone says it was rendered for one (a `Save-Data` header the worker cannot see).
 */
export async function dataSaver(): Promise<boolean> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return true;
  const store = cookieStore();
  if (store && (await store.get(DATA_SAVER_COOKIE).catch(() => null))?.value === 'on') return true;
  if (await readMeta<boolean>(PAGE_DATA_SAVER_META, false)) return true;
  if (store) return false;
  // (No cookieStore: what the page last said, before it registered the worker.)
  return readMeta<boolean>(DATA_SAVER_META, false);
}

/**
 * What the last page the server rendered for this phone said of the data saver (its Save-Data header, or the
 * profile's cookie, are written in its data): noted as the worker reads pages that pass through it.
 */
const PAGE_DATA_SAVER_META = '/__btls/page-data-saver';
export async function noteDataSaverOfThePage(saving: boolean) {
  if ((await readMeta<boolean>(PAGE_DATA_SAVER_META, false)) !== saving) await writeMeta(PAGE_DATA_SAVER_META, saving);
}

/** The browser's cookies of this site, where a worker can read them (Chromium's `cookieStore`). */
function cookieStore() {
  return (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;
}

/** The kernel's session hint (`btlsWho`): set while someone is signed in on this browser. */
const SESSION_HINT_COOKIE = 'btlsWho';

/**
 * Whether someone is signed in on this browser now, as far as the worker can tell (its `cookieStore`); false where
 * it cannot read cookies (the page then says so, USER).
 */
export async function signedInHere(): Promise<boolean> {
  const store = cookieStore();
  return !!store && !!(await store.get(SESSION_HINT_COOKIE).catch(() => null))?.value;
}

/** The phone's language: the one it chose (its cookie, where the worker can read it), else its browser's. */
export async function phoneLanguage(): Promise<Language> {
  const store = cookieStore();
  const chosen = store ? (await store.get(LANGUAGE_KEY).catch(() => null))?.value : undefined;
  if (isLanguage(chosen)) return chosen;
  return languageFromPreferences(navigator.languages ?? [navigator.language]);
}

/** What to keep ahead of `urls`: not the catalogues of other languages (nor English's, never loaded). */
export async function forThisPhone(urls: string[]): Promise<string[]> {
  const language = await phoneLanguage();
  return urls.filter((url) => {
    const of = catalogueLanguage(url);
    return of === null || (of === language && of !== 'en');
  });
}
