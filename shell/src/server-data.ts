/** The element of a server-rendered page that carries its data (JSON, never run). */
export const SERVER_DATA_ID = 'btls-data';

/**
 * The session hint the server rendered the page for, kept in the page's data: the browser takes the page over
 * as it was rendered, whatever its cookie says by then (a sign-in in another tab, a cache that served another
 * copy). The restored session then updates it.
 */
export const SESSION_HINT_KEY = ['sessionHint'] as const;
