/**
 * The page's one data layer: TanStack Query's client and the parts of it the screens use, from here and
 * nowhere else (its React context must be the same one in the shell and every area; all of TanStack Query
 * would cost every first visit about 7 KiB gzip more). Each area's contract code builds its query options with
 * `queryOptions` from here.
 */
import { QueryClient } from '@tanstack/react-query';

export {
  dehydrate,
  hydrate,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  QueryErrorResetBoundary,
  queryOptions,
  useQuery,
  useQueryClient,
  useSuspenseQueries,
  useSuspenseQuery,
} from '@tanstack/react-query';
export type { QueryKey } from '@tanstack/react-query';

/**
 * The page's one query client. Data is fresh for a minute: a page rendered on the server is not fetched again
 * as the browser takes over, and moving between pages does not ask for the same list twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });
}
