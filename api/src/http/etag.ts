/** Conditional GETs: a client that already holds the answer (its ETag) gets a 304 and no body. */
import { createHash } from 'node:crypto';

/** Whether an If-None-Match header names `etag` (or `*`); weak comparison, as for a GET. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** An answer's ETag from its bytes (weak: the same page in another encoding is the same page). */
export function etagOf(body: string | Uint8Array, weak = false): string {
  return `${weak ? 'W/' : ''}"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
