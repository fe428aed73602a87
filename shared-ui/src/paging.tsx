/**
 * Paged panel lists (issue 14): the page, the search text and the filters live in the address (?page=2&q=…),
 * so a reload, a shared link or Back shows the same page; the server pages, searches and filters.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

export interface PagedList<T> {
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
  reload(): void;
  /** Replaces the shown items (e.g. after a row changed), without a request. */
  setItems(update: (items: T[]) => T[]): void;
}

/**
 * Loads the page the address names: `fetchPage` gets `limit`, `offset` and every non-empty filter. Typing in
 * the search box does not send a request per key: the address changes at once, the request after a pause.
 */
export function usePagedList<T>(
  [params, setParams]: SearchParamsState,
  fetchPage: (query: Record<string, string | number>) => Promise<ListPage<T>>,
  filterNames: readonly string[],
  pageSize = 20,
): PagedList<T> {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  const [items, setItemsState] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const lastQ = useRef(filters.q);
  const lastShown = useRef('');

  useEffect(() => {
    let current = true;
    const typing = filters.q !== lastQ.current;
    lastQ.current = filters.q;
    // Another page or filter shows the spinner; a reload keeps the rows on screen until the new ones arrive.
    const shown = `${filterKey}|${page}`;
    const another = shown !== lastShown.current;
    lastShown.current = shown;
    const timer = setTimeout(
      () => {
        setError('');
        if (another) setItemsState(null);
        const query: Record<string, string | number> = { limit: pageSize, offset: (page - 1) * pageSize };
        for (const [name, value] of Object.entries(filters)) if (value) query[name] = value;
        fetchRef.current(query).then(
          (answer) => {
            if (!current) return;
            setItemsState(answer.items);
            setTotal(answer.total);
          },
          (failure: Error) => {
            if (!current) return;
            setItemsState([]);
            setTotal(0);
            setError(failure.message);
          },
        );
      },
      typing ? 300 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [filters, filterKey, page, pageSize, attempt]);

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

  return {
    items,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    error,
    filters,
    setFilter: (name, value) => update({ [name]: value, page: '1' }),
    setPage: (to) => update({ page: String(to) }),
    reload: () => setAttempt((n) => n + 1),
    setItems: (change) => setItemsState((list) => (list ? change(list) : list)),
  };
}

/** Numbered pages: Previous, "Page 2 of 5 (93 in all)", Next. Hidden while there is only one page. */
export function Pager({ list, label }: { list: Pick<PagedList<unknown>, 'page' | 'pageCount' | 'total' | 'setPage'>; label: string }) {
  if (list.pageCount <= 1 && list.page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <Button variant="secondary" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {list.page} of {list.pageCount} ({list.total} in all)
      </span>
      <Button variant="secondary" disabled={list.page >= list.pageCount} onClick={() => list.setPage(list.page + 1)}>
        Next
      </Button>
    </nav>
  );
}
