/**
 * What the worker does with a read of the API, decided by the request and by what the API answers, never by a
 * list of paths: the API says in its headers what may be kept on a phone. Pure, so its rules are tested alone.
 *
 * - A download (`Content-Disposition: attachment`: a CV, an export, a credential file) is never kept: it is a
 *   file the user saves, not a screen to show offline.
 * - A public answer the API forbids storing (`Cache-Control: no-store`: health, metrics) is not kept.
 * - A public answer the API wants checked each time (`Cache-Control: no-cache`: a certificate's verification) is
 *   asked of the network first, so a revocation shows at once; the kept copy is for offline only.
 * - Other public answers are shown from the phone at once and refreshed behind (stale-while-revalidate).
 * - A signed-in answer is kept in its account's own cache (deleted at sign-out), whatever it says to the
 *   browser's and shared caches (`no-store`, so none of those keeps it).
 */

/** How the worker answers a read: from the network only, as a public read, or as the signed-in account's. */
export type ReadKind = 'network' | 'public' | 'account';

export interface Read {
  method: string;
  url: URL;
  /** The worker's own origin: another origin's reads are not the API's. */
  origin: string;
  /** Whether the read carries an Authorization header. */
  signedIn: boolean;
}

/** How a request is answered: not an API read (a write, another origin) goes to the network as it is. */
export function readKind({ method, url, origin, signedIn }: Read): ReadKind {
  if (method !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return 'network';
  return signedIn ? 'account' : 'public';
}

const directives = (headers: Headers) =>
  (headers.get('Cache-Control') ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());

/** Whether an answer may be kept on the phone (see above): a complete 200 the API does not keep from it. */
export function mayKeep(kind: ReadKind, answer: { status: number; headers: Headers }): boolean {
  if (kind === 'network' || answer.status !== 200) return false;
  if (/^\s*attachment\b/i.test(answer.headers.get('Content-Disposition') ?? '')) return false;
  return kind === 'account' || !directives(answer.headers).includes('no-store');
}

/** Whether a kept public answer is asked of the network first (the API wants it checked every time). */
export const askNetworkFirst = (kept: Headers): boolean => directives(kept).includes('no-cache');

/**
 * Whether a write may change what public reads answer (they are then asked again, not shown from before): any write
 * but signing in, out or up, and the page's own reports of its loads, troubles and speed (sent after every load: they
 * emptied the public reads a phone had just kept for offline use).
 */
export const changesPublicReads = (path: string): boolean =>
  !path.startsWith('/api/auth/') && path !== '/api/client-errors';
