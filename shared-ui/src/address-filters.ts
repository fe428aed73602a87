/**
 * A list's filters, search text and page as the address gives them, checked against what the page offers: a
 * value it does not offer (an old link, a typo, `?status=nonsense`) is dropped, so the list shows as if it were
 * absent instead of the server's refusal of it, and the address is written again without it (replacing the
 * history entry, so Back does not lead to the bad address again).
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from '@btls/shared-auth';
import { usePagedList, type FetchPage, type PagedList, type SearchParamsState } from './paging';
import type { PagedSource } from '@btls/shared-api';

/** What a parameter accepts: one of these values, or any value the check lets through. */
export type Accepted = readonly string[] | ((value: string) => boolean);

/** A page number: a whole number from 1 (page 1 is no parameter at all). */
const PAGE: Accepted = (value) => /^[1-9]\d{0,8}$/.test(value);

/** The search text the server searches: at most 200 characters (a longer one it refuses). */
export const SEARCH: Accepted = (value) => value.trim().length <= 200;

/** An id, as a list's choice of one (a course): digits only. */
export const ID: Accepted = (value) => /^[1-9]\d{0,9}$/.test(value);

const accepts = (rule: Accepted, value: string) =>
  value !== '' && (typeof rule === 'function' ? rule(value) : rule.includes(value));

/** The address without the values `accepted` (and the page rule) refuse; the same object when all are fine. */
export function checkedParams(params: URLSearchParams, accepted: Readonly<Record<string, Accepted>>) {
  let kept: URLSearchParams | null = null;
  for (const [name, rule] of Object.entries({ page: PAGE, ...accepted })) {
    const values = params.getAll(name);
    if (values.length === 0 || (values.length === 1 && accepts(rule, values[0]!))) continue;
    // Refused, or given twice: the first acceptable value stays, alone.
    kept ??= new URLSearchParams(params);
    const first = values.find((value) => accepts(rule, value));
    kept.delete(name);
    if (first !== undefined) kept.set(name, first);
  }
  return kept ?? params;
}

/**
 * `useSearchParams()` for a paged list (`usePagedList`), with only the values `accepted` names kept; `page` is
 * always checked. Parameters the list does not read are left as they are.
 */
export function useCheckedSearchParams(accepted: Readonly<Record<string, Accepted>>): SearchParamsState {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the address's text stands for its parameters
  const checked = useMemo(() => checkedParams(params, accepted), [address]);
  const refused = checked !== params && checked.toString() !== address;
  useEffect(() => {
    if (refused) setParams(checked, { replace: true });
  }, [refused, checked, setParams]);
  return [checked, setParams];
}

/** A paged list whose filters are the parameters `accepted` names, read from the address once checked. */
export function useCheckedPagedList<T>(
  accepted: Readonly<Record<string, Accepted>>,
  source: PagedSource<T> | FetchPage<T>,
  pageSize?: number,
): PagedList<T> {
  return usePagedList(useCheckedSearchParams(accepted), source, Object.keys(accepted), pageSize);
}
