/**
 * Paged panel lists: the page, the search text and the filters live in the address (?page=2&q=…),
 * so a reload, a shared link or Back shows the same page; the server pages, searches and filters.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, keepPreviousData, useQuery, useQueryClient, type PagedSource } from '@btls/shared-api';
import { useI18n } from '@btls/shared-auth';
import { Button } from './components';
import styles from './paging.module.css';

/** One page as the API client answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The address's query, as react-router's useSearchParams answers it. */
export type SearchParamsState = readonly [
  URLSearchParams,
  (next: URLSearchParams, options?: { replace?: boolean }) => void,
];

export type FetchPage<T> = (query: Record<string, string | number>) => Promise<ListPage<T>>;

export interface PagedList<T> {
  /** null until the first page has come. */
  items: T[] | null;
  total: number;
  /** 1-based. */
  page: number;
  pageCount: number;
  error: string;
  /** The search text and filters, as in the address ('' when not set). */
  filters: Readonly<Record<string, string>>;
  /** Changes one filter (or `q`) and goes back to the first page. */
  setFilter(name: string, value: string): void;
  setPage(page: number): void;
  /** Asks the server again for every page of this list. */
  reload(): void;
  /** Replaces the shown items (e.g. after a row changed), without a request. */
  setItems(update: (items: T[]) => T[]): void;
}

/** A list given as a bare page function gets a key of its own (a write elsewhere does not refresh it). */
const ownKeys = new WeakMap<FetchPage<unknown>, number>();
let lastOwnKey = 0;
function sourceOf<T>(source: PagedSource<T> | FetchPage<T>): PagedSource<T> {
  if (typeof source !== 'function') return source;
  if (!ownKeys.has(source)) ownKeys.set(source, ++lastOwnKey);
  return { queryKey: ['paged', ownKeys.get(source)!], fetchPage: source };
}

/** The value, once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Loads the page the address names through the data layer: the page's query gets `limit`, `offset` and every
 * non-empty filter. `source` is one of the paged lists (`pagedUsers`: its key is the resource's, so a write that
 * changes the resource refreshes the list) or a bare page function. Typing in the search box does not send a request per
 * key: the address changes at once, the request after a pause. Moving to another page keeps the rows on
 * screen until the next ones arrive.
 */
export function usePagedList<T>(
  [params, setParams]: SearchParamsState,
  source: PagedSource<T> | FetchPage<T>,
  filterNames: readonly string[],
  pageSize = 20,
): PagedList<T> {
  const { queryKey, fetchPage } = sourceOf(source);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  // While the search text is still changing, the last query stands (not one request per key).
  const typing = useSettled(filters.q ?? '', 300) !== (filters.q ?? '');
  const lastQuery = useRef<Record<string, string | number> | null>(null);
  const query = useMemo(() => {
    if (typing && lastQuery.current) return lastQuery.current;
    const asked: Record<string, string | number> = { limit: pageSize, offset: (page - 1) * pageSize };
    for (const [name, value] of Object.entries(filters)) if (value) asked[name] = value;
    return asked;
  }, [filters, typing, page, pageSize]);
  lastQuery.current = query;
  const client = useQueryClient();
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const update = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value && !(name === 'page' && value === '1')) next.set(name, value);
        else next.delete(name);
      }
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  const failed = result.isError && !result.isFetching;
  const total = failed ? 0 : (result.data?.total ?? 0);
  return {
    items: failed ? [] : (result.data?.items ?? null),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    error: failed ? errorMessage(result.error) : '',
    filters,
    setFilter: (name, value) => update({ [name]: value, page: '1' }),
    setPage: (to) => update({ page: String(to) }),
    reload: () => void client.invalidateQueries({ queryKey }),
    setItems: (change) =>
      client.setQueryData<ListPage<T>>([...queryKey, query], (shown) =>
        shown ? { ...shown, items: change(shown.items) } : shown,
      ),
  };
}

/** Numbered pages: Previous, "Page 2 of 5 (93 in all)", Next. Hidden while there is only one page. */
export function Pager({
  list,
  label,
}: {
  list: Pick<PagedList<unknown>, 'page' | 'pageCount' | 'total' | 'setPage'>;
  label: string;
}) {
  const i18n = useI18n();
  if (list.pageCount <= 1 && list.page <= 1) return null;
  return (
    <nav
      className={styles.pager}
      aria-label={i18n._({ id: 'paging.pages', message: '{label} pages', values: { label } })}
    >
      <Button variant="secondary" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
        {i18n._({ id: 'paging.previous', message: 'Previous' })}
      </Button>
      <span aria-live="polite">
        {i18n._({
          id: 'paging.status',
          message: 'Page {page} of {pageCount} ({total} in all)',
          values: { page: list.page, pageCount: list.pageCount, total: list.total },
        })}
      </span>
      <Button variant="secondary" disabled={list.page >= list.pageCount} onClick={() => list.setPage(list.page + 1)}>
        {i18n._({ id: 'paging.next', message: 'Next' })}
      </Button>
    </nav>
  );
}
