/**
 * What the API, the service worker (shell/src/sw.ts) and the page agree on. The API writes the
 * worker's configuration in front of its code at /sw.js; the page and the worker talk by these messages.
 */

/** What /sw.js starts with: `self.__BTLS_SW = {…}`. */
import type { AreaRoute } from '@btls/build-config/remotes';

export interface SwConfig {
  /** The shell's files to precache, with a revision for those whose name has no hash. */
  shell: { url: string; revision: string | null }[];
  /**
   * Per area: its federation name, its active release's folder (`base`), entry, pages and files (absolute paths on
   * this site); a release of too many files for the list names its entry alone, and every file under `base` is its
   * own. Offline, the worker answers `/remotes.json` with these.
   */
  areas: Record<string, AreaRoute & { name: string; version: string; base: string; files: string[] }>;
  /**
   * The texts of the worker's own offline page (a page never saved, on a phone that does not keep the app's code),
   * by language and id (`shell.offlinePage.…`), taken from the shell's compiled catalogues: where translators
   * write them, with every other text of the shell. A language missing here shows the English of the worker's code.
   */
  texts?: Record<string, Record<string, string>>;
}

/** The ids of the offline page's texts all start so (the API picks them out of the shell's catalogues). */
export const OFFLINE_PAGE_TEXTS = 'shell.offlinePage.';

export const SW_CACHES = {
  meta: 'btls-meta',
  pages: 'btls-pages',
  api: 'btls-api',
  shell: 'btls-shell',
  areas: 'btls-areas',
  /** Followed by the account's id: one cache per account, deleted at sign-out. */
  userPrefix: 'btls-user-',
} as const;

export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  /** Page → worker: whose pages and reads are being saved (`id: null` once signed out). */
  user: 'USER',
  /** Page → worker: take this page over (it loaded while the worker was being installed). */
  claim: 'CLAIM',
  /** Page → worker: save the page it took over (loaded before the worker was there). */
  save: 'SAVE',
  /** Page → worker: this phone uses an area: keep all its files. */
  area: 'AREA',
  /**
   * Page → worker: this visitor will come back (they installed the app, or opened it from the home screen): keep
   * the app's code for offline use, as after a sign-in or on a second visit.
   */
  keepApp: 'KEEP_APP',
  /** Worker → page: a public read has a fresher answer than the one shown. */
  updated: 'UPDATED',
} as const;

/** What a page tells its worker. */
export type PageMessage =
  | { type: typeof SW_MESSAGES.skipWaiting }
  | { type: typeof SW_MESSAGES.claim }
  | { type: typeof SW_MESSAGES.user; id: number | null }
  | { type: typeof SW_MESSAGES.save; url: string; id?: number | null }
  | { type: typeof SW_MESSAGES.area; area: string }
  | { type: typeof SW_MESSAGES.keepApp };

/** What the worker tells its pages. */
export interface WorkerMessage {
  type: typeof SW_MESSAGES.updated;
  url: string;
}

const isAccount = (id: unknown): id is number | null => id === null || (typeof id === 'number' && Number.isInteger(id));

/**
 * A page's message as the worker reads it: one of PageMessage, or null for anything else (a message names what it
 * is about with values of the right kind, or it is not acted on).
 */
export function pageMessage(data: unknown): PageMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case SW_MESSAGES.skipWaiting:
    case SW_MESSAGES.claim:
    case SW_MESSAGES.keepApp:
      return { type: message.type };
    case SW_MESSAGES.user:
      return isAccount(message.id) ? { type: SW_MESSAGES.user, id: message.id } : null;
    case SW_MESSAGES.save:
      if (typeof message.url !== 'string') return null;
      return { type: SW_MESSAGES.save, url: message.url, ...(isAccount(message.id) ? { id: message.id } : {}) };
    case SW_MESSAGES.area:
      return typeof message.area === 'string' && message.area ? { type: SW_MESSAGES.area, area: message.area } : null;
    default:
      return null;
  }
}

/** The worker's message as a page reads it, or null. */
export function workerMessage(data: unknown): WorkerMessage | null {
  const message = data as Partial<WorkerMessage> | null;
  return message?.type === SW_MESSAGES.updated && typeof message.url === 'string'
    ? { type: message.type, url: message.url }
    : null;
}

/**
 * The language of a compiled catalogue (an area's or the shell's `locales/<language>.po`, built as
 * `<language>-<hash>.js`), or null for any other file. A worker keeps only the phone's language: English is the
 * code's own texts (its catalogue is never loaded), and the others come when a reader switches to them.
 */
export function catalogueLanguage(url: string): string | null {
  return /\/(en|fr|rw)-[\w-]{8}\.js$/.exec(url)?.[1] ?? null;
}

/** In the meta cache: the page's data saver setting, for a worker that cannot read the cookie. */
export const DATA_SAVER_META = '/__btls/data-saver';
/**
 * In the meta cache: `true` once this phone keeps the app's code (the shell's page and start-up chain, the areas
 * it uses) for offline use, which a visitor's first visit does not (see shell/src/sw/visits.ts).
 */
export const APP_KEPT_META = '/__btls/app';
/** In the meta cache: when this phone last opened a page of the site (`{ last: ms }`): a later visit starts after a gap. */
export const VISIT_META = '/__btls/visit';

/** On a page answered from the saved copy: when it was saved (empty on the shell shown for a page never saved). */
export const SW_SAVED_AT_META = 'btls-saved-at';
/** On an API answer from the saved copy: when it was saved (the kernel's connection reads it). */
export { SW_SAVED_AT_HEADER } from '@btls/kernel/basics';
