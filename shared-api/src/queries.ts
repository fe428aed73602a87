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
export { hydrate, QueryClientProvider, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from './client';
import { getMyCertificates, verifyCertificate } from './certificates';
import { getCourse, listCourses } from './courses';
import { getJob, listJobs } from './jobs';
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
  course: (id: string) => ['courses', id] as const,
  jobs: ['jobs'] as const,
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
 * The public catalogue and job board: the first page of 100 (the most the API gives at once), filtered in the
 * page. Enough for a training centre's courses and a city's barista jobs; past that they need numbered pages.
 */
const PUBLIC_LIST = { limit: 100 };

export const coursesQuery = () => queryOptions({ queryKey: queryKeys.courses, queryFn: () => listCourses(PUBLIC_LIST) });

/** One course; a course already in the list shows at once (spec §7: the list in memory is checked first). */
export function courseQuery(id: string, client?: QueryClient) {
  return queryOptions({
    queryKey: queryKeys.course(id),
    queryFn: () => orNotFound(() => getCourse(id)),
    initialData: () => client?.getQueryData<Course[]>(queryKeys.courses)?.find((course) => String(course.id) === id),
  });
}

export const jobsQuery = () => queryOptions({ queryKey: queryKeys.jobs, queryFn: () => listJobs(PUBLIC_LIST) });

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
