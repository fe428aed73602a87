/**
 * The few values the kernel itself is made of and the server shares: the languages, where the session is kept,
 * and how the service worker marks a saved answer. (The roles and every text are the contract's: adding a role
 * or changing a word is not a change of the kernel.) Plain values (no state), so the API and the contract modules import them
 * from here (`@btls/kernel/basics`) without loading the browser's runtime.
 */

export const STORAGE_KEYS = { token: 'btlsToken', user: 'btlsUser' } as const;

/** The platform's languages: a user's language picks their e-mails' language. */
export const LANGUAGES = ['en', 'fr', 'rw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** On an API answer the service worker gave from its saved copy: when it was saved. */
export const SW_SAVED_AT_HEADER = 'X-Btls-Saved-At';
