/**
 * The few values the kernel itself is made of and the server shares: the languages, the roles a session can
 * have, where the session is kept, and how the service worker marks a saved answer. Plain values (no state), so the API and the contract modules import them
 * from here (`@btls/kernel/basics`) without loading the browser's runtime.
 */

export const STORAGE_KEYS = { token: 'btlsToken', user: 'btlsUser' } as const;

/** The platform's languages: a user's language picks their e-mails' language. */
export const LANGUAGES = ['en', 'fr', 'rw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const ROLES = ['trainee', 'trainer', 'employer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** On an API answer the service worker gave from its saved copy: when it was saved. */
export const SW_SAVED_AT_HEADER = 'X-Btls-Saved-At';

/** What signing in says when the browser refuses site data (the session cannot be kept). */
export const SITE_DATA_BLOCKED =
  'Signing in needs site data, which your browser blocks for this site. Allow this site to store data (cookies and site data in your browser settings), then try again.';
