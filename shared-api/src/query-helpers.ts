/**
 * What the resources' query options have in common: an answer a page shows instead of failing (NotFound), a
 * list the server pages, the total of a list, and filters as the API takes them.
 */
import { queryOptions, type QueryKey } from '@btls/kernel';
import { ApiError, type Page } from './client';

/** An answer a page shows (and the server renders with that status), not a failure to retry. */
export interface NotFound {
  notFound: string;
  status: number;
}

export function isNotFound(value: unknown): value is NotFound {
  return typeof value === 'object' && value !== null && 'notFound' in value;
}

export async function orNotFound<T>(load: () => Promise<T>): Promise<T | NotFound> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { notFound: error.message, status: error.status };
    throw error;
  }
}

/**
 * The public catalogue and job board are paged on the server: a page of each at a time, searched
 * and filtered there; the filter options come from the server too (every value the list holds, not just the
 * shown page's).
 */
export const PUBLIC_PAGE_SIZE = { courses: 12, jobs: 10 } as const;

/** Filters as the API takes them: blanks left out (one cache key per list), unknown choices ignored. */
export function only<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}
export const text = (value: string | undefined) => value?.trim() || undefined;

/** A list the server pages: its key (the resource's, so writes refresh it) and how to get one page. */
export interface PagedSource<T> {
  queryKey: QueryKey;
  fetchPage: (query: Record<string, string | number>) => Promise<Page<T>>;
}

/*
 * The panels' paged lists, for `usePagedList` (`@btls/shared-ui/paging`), one export each in their resource and
 * marked pure: an area carries (and its release records) the calls of the lists it shows, and none of the others.
 */
export const paged = <T, P>(resource: QueryKey, fetchPage: (params: P) => Promise<Page<T>>): PagedSource<T> => ({
  queryKey: [...resource, 'page'],
  fetchPage: fetchPage as (query: Record<string, string | number>) => Promise<Page<T>>,
});

/** How many rows a list has (one row asked for, the answer's total), under the list's resource. */
export const countKey = (resource: QueryKey, filter: Record<string, string> = {}) =>
  [...resource, 'count', filter] as const;

/** The total of a paged list with these filters. */
export const countQuery = (source: PagedSource<unknown>, filter: Record<string, string> = {}) =>
  queryOptions({
    queryKey: countKey(source.queryKey.slice(0, -1), filter),
    queryFn: async () => (await source.fetchPage({ ...filter, limit: 1 })).total,
  });
