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
 * A data saver's phone fetches nothing ahead: only the shell's page is kept at install, and the
 * files the phone loads are kept as it loads them. On when the browser's data saver is (`saveData`, in workers
 * too) or when the profile's setting is (its cookie, which Chromium's worker reads with `cookieStore`).
 */
export async function dataSaver(): Promise<boolean> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return true;
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  if (store) return (await store.get(DATA_SAVER_COOKIE).catch(() => null))?.value === 'on';
  // (No cookieStore: what the page last said, before it registered the worker.)
  return readMeta<boolean>(DATA_SAVER_META, false);
}

/** The phone's language: the one it chose (its cookie, where the worker can read it), else its browser's. */
async function phoneLanguage(): Promise<Language> {
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
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
