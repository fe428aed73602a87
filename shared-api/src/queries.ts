/**
 * The data layer: the kernel's query client and hooks, which the screens reach from here, the site's own data,
 * and every resource's keys put together. Each resource's query options (`courseQuery`, `pagedJobPostings`, …)
 * and writes are in its folder (`courses/queries.ts`, `jobs/writes.ts`), next to the calls they make; screens
 * read data with them (`useSuspenseQuery(courseQuery(id))`); the server render fills the same keys and embeds
 * them in the page, so the browser does not fetch them again.
 */
import { queryOptions } from '@btls/kernel';
import { bannerHidden } from './banner';
import { dataSaverOn } from './data-saver';
import { certificateKeys } from './certificates/keys';
import { contactKeys } from './contact/keys';
import { courseKeys } from './courses/keys';
import { enrollmentKeys } from './enrollments/keys';
import { jobApplicationKeys } from './job-applications/keys';
import { jobKeys } from './jobs/keys';
import { outboxKeys } from './outbox/keys';
import { progressKeys } from './progress/keys';
import { countKey } from './query-helpers';
import { releaseKeys } from './releases/keys';
import { userKeys } from './users/keys';

// The data layer's parts the screens use come from the kernel (one query client and one React context in the
// page); here with the options that use them, so a screen imports its data from one place.
export {
  createQueryClient,
  hydrate,
  keepPreviousData,
  QueryClientProvider,
  QueryErrorResetBoundary,
  useQuery,
  useQueryClient,
  useSuspenseQueries,
  useSuspenseQuery,
} from '@btls/kernel';
export { countQuery, isNotFound, PUBLIC_PAGE_SIZE, type NotFound, type PagedSource } from './query-helpers';

const siteKey = ['site'] as const;

/**
 * Every resource's keys. Each key starts with its resource, so a write refreshes all its views at once
 * (`invalidateQueries({ queryKey: jobKeys.jobs })`: lists, pages, counts and details).
 */
export const queryKeys = {
  site: siteKey,
  ...courseKeys,
  ...jobKeys,
  ...certificateKeys,
  ...jobApplicationKeys,
  ...enrollmentKeys,
  ...progressKeys,
  ...userKeys,
  ...contactKeys,
  ...outboxKeys,
  ...releaseKeys,
  count: countKey,
};

/**
 * The site's public address, for canonical and share links (the server render fills it from PUBLIC_URL), and
 * whether the page is for a data saver (the request's Save-Data or the device's setting), so the
 * browser takes the page over as the server rendered it.
 */
export interface SiteData {
  origin: string;
  dataSaver?: boolean;
  /** This device closed the top bar's rotating phrases. */
  bannerHidden?: boolean;
}
export const siteQuery = () =>
  queryOptions<SiteData>({
    queryKey: siteKey,
    queryFn: () => ({
      origin: typeof location === 'undefined' ? '' : location.origin,
      dataSaver: dataSaverOn(),
      bannerHidden: bannerHidden(),
    }),
    staleTime: Infinity,
  });
