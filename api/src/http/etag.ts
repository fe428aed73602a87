/** Conditional GETs: a client that already holds the answer (its ETag) gets a 304 and no body. */

/** Whether an If-None-Match header names `etag` (or `*`); weak comparison, as for a GET. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
