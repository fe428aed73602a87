/**
 * A public list's search, filters and page, kept in the address (`?q=&category=…&page=2`): shareable, kept on
 * reload and Back, and the same parameters the plain GET form and the page links send without JavaScript. A
 * filter set back to its default leaves the address; changing a filter goes back to the first page. What a
 * quick visitor typed or chose before the page's script ran is kept, not reset.
 */
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@btls/shared-auth';
import { useKeepTypedValues } from '@btls/shared-ui/hydrated';

/** A filter's "no choice" value, as its select shows it. */
export const ALL = 'All';

/** The filter's value for the API: undefined for All. */
export const chosen = (value: string) => (value === ALL ? undefined : value);

/** A filter's options: All, the values the server has, and the address's choice if the list no longer has it. */
export const optionsOf = (found: string[], choice: string) => [
  ALL,
  ...found,
  ...(choice === ALL || found.includes(choice) ? [] : [choice]),
];

/** How long typing must pause before the list is asked for again. */
const TYPING_PAUSE_MS = 300;

/** The list page the address names (`page=3`), 1 when it names none or nonsense. */
export const pageIn = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page'))) || 1);

/** The canonical address of a list page: the list's path, with `?page=N` past the first. */
export function useListPath(path: string): string {
  const page = pageIn(useSearchParams()[0]);
  return page > 1 ? `${path}?page=${page}` : path;
}

export function useUrlFilters<Filters extends Record<string, string>>(defaults: Filters) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(name) || fallback]),
  ) as Filters;
  const page = pageIn(params);
  // The address as last written here, until the router renders it (its update is a transition, and its
  // functional update sees the last rendered address): two quick changes in a row build on each other instead
  // of the second undoing the first.
  // It is forgotten once the router renders an address other than the one it was written over (the written one,
  // or one from elsewhere, e.g. Back), and only then: a render of the same address again does not lose it.
  const written = useRef<{ over: string; address: URLSearchParams } | null>(null);
  const rendered = params.toString();
  useEffect(() => {
    if (written.current && written.current.over !== rendered) written.current = null;
  }, [rendered]);
  const setAll = (changes: Partial<Filters>) => {
    const next = new URLSearchParams(written.current?.address ?? params);
    next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value && value !== defaults[name]) next.set(name, value);
      else next.delete(name);
    }
    written.current = { over: written.current?.over ?? rendered, address: next };
    setParams(next, { replace: true });
  };
  /** The address of another page of the same list (`?…&page=3`; page 1 has no `page`). */
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('page', String(to));
    else next.delete('page');
    const search = next.toString();
    return search ? `?${search}` : '?';
  };
  return {
    values,
    page,
    pageHref,
    set: (name: keyof Filters & string, value: string) => setAll({ [name]: value } as Partial<Filters>),
    reset: () => setParams(new URLSearchParams(), { replace: true }),
    formRef: useKeepTypedValues(values, setAll),
  };
}

/**
 * What the list shows: the filters and page, with the search text only once typing pauses, and deferred, so
 * the current results stay on screen (marked `stale`) while the next ones load instead of a spinner.
 */
export function useListRequest<Request extends { q?: string }>(request: Request): { shown: Request; stale: boolean } {
  const [q, setQ] = useState(request.q);
  useEffect(() => {
    const timer = setTimeout(() => setQ(request.q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [request.q]);
  const key = JSON.stringify({ ...request, q });
  const shownKey = useDeferredValue(key);
  return { shown: JSON.parse(shownKey) as Request, stale: shownKey !== key || q !== request.q };
}
