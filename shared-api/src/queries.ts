/**
 * The data layer's keys and loaders, next to the client functions they call (one query client in the page,
 * provided by the shell, shared as a singleton like React). Screens read data with these options
 * (`useSuspenseQuery(coursesQuery())`); the server render fills the same keys and embeds them in the page, so
 * the browser does not fetch them again.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';

/**
 * The parts of TanStack Query the screens use, from here and nowhere else: this package is the one shared
 * module of the data layer, so the page holds one query client's code, and only the parts listed (federation
 * shares a package whole; all of TanStack Query would cost every first visit about 7 KiB gzip more).
 */
export { hydrate, QueryClientProvider, useQuery, useQueryClient, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from './client';
import { getMyCertificates, verifyCertificate } from './certificates';
import type { Page } from './client';
import { COURSE_CATEGORIES, COURSE_LEVELS, JOB_TYPES } from './constants';
import { getCourse, getCourseFacets, listCoursesPage } from './courses';
import { getJob, getJobFacets, listJobsPage } from './jobs';
import { getJobApplicantsPage, getJobApplicationsSummary, getMyJobApplications, type JobApplicantsParams } from './job-applications';
import type { Course } from './schemas';

/**
 * The page's one query client. Data is fresh for a minute: a page rendered on the server is not fetched again
 * as the browser takes over, and moving between pages does not ask for the same list twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });
}

export const queryKeys = {
  site: ['site'] as const,
  courses: ['courses'] as const,
  coursePages: ['courses', 'pages'] as const,
  courseFacets: ['courses', 'facets'] as const,
  course: (id: string) => ['courses', id] as const,
  jobs: ['jobs'] as const,
  jobPages: ['jobs', 'pages'] as const,
  jobFacets: ['jobs', 'facets'] as const,
  job: (id: string) => ['jobs', id] as const,
  certificateVerification: (code: string) => ['certificate-verification', code] as const,
  /** Everything about job applications, for one invalidation after a change. */
  jobApplications: ['job-applications'] as const,
  myJobApplications: ['job-applications', 'mine'] as const,
  myJobApplicationFor: (jobId: string) => ['job-applications', 'mine', { jobId }] as const,
  jobApplicants: (jobId: string, params: JobApplicantsParams) => ['job-applications', 'job', jobId, params] as const,
  jobApplicationsSummary: ['job-applications', 'summary'] as const,
  myCertificates: ['certificates', 'mine'] as const,
};

/** An answer a page shows (and the server renders with that status), not a failure to retry. */
export interface NotFound {
  notFound: string;
  status: number;
}

export function isNotFound(value: unknown): value is NotFound {
  return typeof value === 'object' && value !== null && 'notFound' in value;
}

async function orNotFound<T>(load: () => Promise<T>): Promise<T | NotFound> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { notFound: error.message, status: error.status };
    throw error;
  }
}

/** The site's public address, for canonical and share links; the server render fills it from PUBLIC_URL. */
export const siteQuery = () =>
  queryOptions({
    queryKey: queryKeys.site,
    queryFn: () => ({ origin: typeof location === 'undefined' ? '' : location.origin }),
    staleTime: Infinity,
  });

/**
 * The public catalogue and job board are paged on the server (issue 14): a page of each at a time, searched
 * and filtered there; the filter options come from the server too (every value the list holds, not just the
 * shown page's).
 */
export const PUBLIC_PAGE_SIZE = { courses: 12, jobs: 10 } as const;

export interface CourseFilters {
  q?: string;
  category?: string;
  level?: string;
  trainingCenter?: string;
}

export interface JobFilters {
  q?: string;
  location?: string;
  jobType?: string;
}

/** Filters as the API takes them: blanks left out (one cache key per list), unknown choices ignored. */
function only<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}
const text = (value: string | undefined) => value?.trim() || undefined;

export function coursesPageQuery(filters: CourseFilters, page: number) {
  const size = PUBLIC_PAGE_SIZE.courses;
  const params = {
    q: text(filters.q),
    category: only(filters.category, COURSE_CATEGORIES),
    level: only(filters.level, COURSE_LEVELS),
    trainingCenter: text(filters.trainingCenter),
  };
  return queryOptions({
    queryKey: [...queryKeys.coursePages, JSON.stringify(params), page] as const,
    queryFn: () => listCoursesPage({ ...params, limit: size, offset: (page - 1) * size }),
  });
}

/** Filter options change when an admin edits the catalogue: kept for five minutes. */
export const courseFacetsQuery = () =>
  queryOptions({ queryKey: queryKeys.courseFacets, queryFn: getCourseFacets, staleTime: 5 * 60_000 });

/** One course; a course already on a list page shows at once (spec §7: the list in memory is checked first). */
export function courseQuery(id: string, client?: QueryClient) {
  return queryOptions({
    queryKey: queryKeys.course(id),
    queryFn: () => orNotFound(() => getCourse(id)),
    initialData: () =>
      client
        ?.getQueriesData<Page<Course>>({ queryKey: queryKeys.coursePages })
        .flatMap(([, page]) => page?.items ?? [])
        .find((course) => String(course.id) === id),
  });
}

export function jobsPageQuery(filters: JobFilters, page: number) {
  const size = PUBLIC_PAGE_SIZE.jobs;
  const params = { q: text(filters.q), location: text(filters.location), jobType: only(filters.jobType, JOB_TYPES) };
  return queryOptions({
    queryKey: [...queryKeys.jobPages, JSON.stringify(params), page] as const,
    queryFn: () => listJobsPage({ ...params, limit: size, offset: (page - 1) * size }),
  });
}

export const jobFacetsQuery = () => queryOptions({ queryKey: queryKeys.jobFacets, queryFn: getJobFacets, staleTime: 5 * 60_000 });

export const jobQuery = (id: string) => queryOptions({ queryKey: queryKeys.job(id), queryFn: () => orNotFound(() => getJob(id)) });

export const certificateVerificationQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.certificateVerification(code), queryFn: () => verifyCertificate(code) });

/** The trainee's job applications (the first 100: a trainee applies for a handful). */
export const myJobApplicationsQuery = () =>
  queryOptions({ queryKey: queryKeys.myJobApplications, queryFn: () => getMyJobApplications({ limit: 100 }) });

/** The trainee's application for one job, or null: the job page asks only once the page is the browser's. */
export const myJobApplicationForQuery = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.myJobApplicationFor(jobId),
    queryFn: async () => (await getMyJobApplications({ jobId, limit: 1 }))[0] ?? null,
  });

/** One page of a job's applicants, with the total. */
export const jobApplicantsQuery = (jobId: string, params: JobApplicantsParams) =>
  queryOptions({ queryKey: queryKeys.jobApplicants(jobId, params), queryFn: () => getJobApplicantsPage(jobId, params) });

export const jobApplicationsSummaryQuery = () =>
  queryOptions({ queryKey: queryKeys.jobApplicationsSummary, queryFn: getJobApplicationsSummary });

/** The trainee's certificates (the first 100), e.g. those a job application shares. */
export const myCertificatesQuery = () =>
  queryOptions({ queryKey: queryKeys.myCertificates, queryFn: () => getMyCertificates({ limit: 100 }) });
