import type { hydrate } from '@btls/shared-api';

/** The element of a server-rendered page that carries its data (JSON, never run). */
export const SERVER_DATA_ID = 'btls-data';

/**
 * The session hint the server rendered the page for, kept in the page's data: the browser takes the page over
 * as it was rendered, whatever its cookie says by then (a sign-in in another tab, a cache that served another
 * copy). The restored session then updates it.
 */
export const SESSION_HINT_KEY = ['sessionHint'] as const;

type PageData = Parameters<typeof hydrate>[1];

/**
 * The data a page came with, as fresh as the page itself: counted from when the page arrived, not from when the
 * server rendered it. A kept page may be up to its cache's lifetime old, and a slow phone takes seconds to take it
 * over; counted from the render, the data would be stale by then and asked for again on a slow link (and a
 * phone's clock is not the server's).
 */
export function asArrived(data: PageData, arrivedAt: number): PageData {
  // The page's own parsed copy, so its times are set where they are.
  for (const query of (data as { queries?: { state: { dataUpdatedAt: number } }[] }).queries ?? [])
    if (query.state.dataUpdatedAt > 0) query.state.dataUpdatedAt = arrivedAt;
  return data;
}
