/**
 * The data layer's keys and loaders, next to the client functions they call (one query client in the page,
 * provided by the shell, shared as a singleton like React). Screens read data with these options
 * (`useSuspenseQuery(courseQuery(id))`); the server render fills the same keys and embeds them in the page, so
 * the browser does not fetch them again.
 */
import { queryOptions, type QueryClient, type QueryKey } from '@btls/kernel';

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
import { ApiError, type Page } from './client';
import { dataSaverOn } from './data-saver';
import {
  checkCredential,
  getCertificateByCode,
  getCertificateCredential,
  getEnrollmentCertificate,
  getMyCertificates,
  verifyCertificate,
} from './certificates';
import { COURSE_CATEGORIES, COURSE_LEVELS, JOB_TYPES } from './constants';
import { listContactMessagesPage } from './contact';
import { getCourse, getCourseFacets, listCourses, listCoursesPage } from './courses';
import { getEnrollment, getMyApplications, getMyAssignedTrainingsPage, listEnrollmentsPage } from './enrollments';
import { getJob, getJobFacets, getJobForEdit, getMyPostingsPage, listJobsPage } from './jobs';
import {
  getJobApplicantsPage,
  getJobApplicationsSummary,
  getMyJobApplications,
  type JobApplicantsParams,
} from './job-applications';
import { listOutbox } from './outbox';
import { listReleaseAuditPage, listReleases, listReleaseTokens } from './releases';
import { listProgress } from './progress';
import { getMyPreferences, listCertifiedTraineesPage, listTrainers, listUsers, listUsersPage } from './users';
import { EMPLOYER_RECENT_TRAINEES } from './constants';
import type { Course } from './schemas';

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
  /** A posting as its employer edits it (inactive ones too). */
  myJob: (id: string) => ['jobs', 'mine', id] as const,
  certificateVerification: (code: string) => ['certificate-verification', code] as const,
  /** Everything about job applications, for one invalidation after a change. */
  jobApplications: ['job-applications'] as const,
  myJobApplications: ['job-applications', 'mine'] as const,
  myJobApplicationFor: (jobId: string) => ['job-applications', 'mine', { jobId }] as const,
  jobApplicants: (jobId: string, params: JobApplicantsParams) => ['job-applications', 'job', jobId, params] as const,
  jobApplicationsSummary: ['job-applications', 'summary'] as const,
  // The panels' data. Every key starts with its resource, so a write refreshes all its views at once
  // (`invalidateQueries({ queryKey: queryKeys.enrollments })`: lists, pages, counts and details).
  enrollments: ['enrollments'] as const,
  enrollment: (id: number | string) => ['enrollments', 'one', String(id)] as const,
  myApplications: ['enrollments', 'mine'] as const,
  assignmentSummary: ['enrollments', 'assigned', 'summary'] as const,
  progress: ['progress'] as const,
  enrollmentProgress: (enrollmentId: number) => ['progress', enrollmentId] as const,
  latestProgress: (enrollmentIds: readonly number[]) => ['progress', 'latest', ...enrollmentIds] as const,
  certificates: ['certificates'] as const,
  enrollmentCertificate: (enrollmentId: number) => ['certificates', 'enrollment', enrollmentId] as const,
  myCertificates: ['certificates', 'mine'] as const,
  /** The trainees holding a certificate: issuing or revoking one changes the list. */
  certifiedTrainees: ['certificates', 'certified-trainees'] as const,
  certificate: (code: string) => ['certificates', 'code', code] as const,
  users: ['users'] as const,
  user: (id: string) => ['users', 'one', id] as const,
  trainers: ['users', 'trainers'] as const,
  contactMessages: ['contact-messages'] as const,
  outbox: ['outbox'] as const,
  /** The areas' releases, their audit log and the release tokens: any change of one may change the others. */
  releases: ['releases'] as const,
  releaseAudit: ['releases', 'audit'] as const,
  releaseTokens: ['releases', 'tokens'] as const,
  preferences: ['preferences'] as const,
  /** How many rows a list has (one row asked for, the answer's total), under the list's resource. */
  count: (resource: QueryKey, filter: Record<string, string> = {}) => [...resource, 'count', filter] as const,
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
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { notFound: error.message, status: error.status };
    throw error;
  }
}

/**
 * The site's public address, for canonical and share links (the server render fills it from PUBLIC_URL), and
 * whether the page is for a data saver (the request's Save-Data or the device's setting), so the
 * browser takes the page over as the server rendered it.
 */
export interface SiteData {
  origin: string;
  dataSaver?: boolean;
}
export const siteQuery = () =>
  queryOptions<SiteData>({
    queryKey: queryKeys.site,
    queryFn: () => ({ origin: typeof location === 'undefined' ? '' : location.origin, dataSaver: dataSaverOn() }),
    staleTime: Infinity,
  });

/**
 * The public catalogue and job board are paged on the server: a page of each at a time, searched
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

/** One course; a course already on a list page shows at once (docs/product.md §7: the list in memory is checked first). */
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

/**
 * The active courses to choose from in the application form: their first 100 (the most one answer holds; a
 * training centre runs far fewer at once). A course named in the address but not among them is added by the
 * form from `courseQuery`.
 */
export const courseChoicesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.courses, 'choices'] as const,
    queryFn: () => listCourses({ limit: 100, status: 'active' }),
  });

/** Every course (an admin's token lists inactive ones too), for an admin's filter by course. */
export const allCourseChoicesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.courses, 'choices', 'all'] as const,
    queryFn: () => listCourses({ limit: 100 }),
  });

export function jobsPageQuery(filters: JobFilters, page: number) {
  const size = PUBLIC_PAGE_SIZE.jobs;
  const params = { q: text(filters.q), location: text(filters.location), jobType: only(filters.jobType, JOB_TYPES) };
  return queryOptions({
    queryKey: [...queryKeys.jobPages, JSON.stringify(params), page] as const,
    queryFn: () => listJobsPage({ ...params, limit: size, offset: (page - 1) * size }),
  });
}

export const jobFacetsQuery = () =>
  queryOptions({ queryKey: queryKeys.jobFacets, queryFn: getJobFacets, staleTime: 5 * 60_000 });

export const jobQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.job(id), queryFn: () => orNotFound(() => getJob(id)) });

export const certificateVerificationQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.certificateVerification(code), queryFn: () => verifyCertificate(code) });

/** A certificate's own signed credential, as the server's verifier judges it (under the certificate: a revocation refreshes it). */
export const certificateCredentialCheckQuery = (code: string) =>
  queryOptions({
    queryKey: [...queryKeys.certificate(code), 'credential-check'] as const,
    queryFn: async () => checkCredential(await getCertificateCredential(code)),
  });

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
  queryOptions({
    queryKey: queryKeys.jobApplicants(jobId, params),
    queryFn: () => getJobApplicantsPage(jobId, params),
  });

export const jobApplicationsSummaryQuery = () =>
  queryOptions({ queryKey: queryKeys.jobApplicationsSummary, queryFn: getJobApplicationsSummary });

// ---------------------------------------------------------------- the panels (signed-in areas)

/** A list the server pages: its key (the resource's, so writes refresh it) and how to get one page. */
export interface PagedSource<T> {
  queryKey: QueryKey;
  fetchPage: (query: Record<string, string | number>) => Promise<Page<T>>;
}

const paged = <T, P>(resource: QueryKey, fetchPage: (params: P) => Promise<Page<T>>): PagedSource<T> => ({
  queryKey: [...resource, 'page'],
  fetchPage: fetchPage as (query: Record<string, string | number>) => Promise<Page<T>>,
});

/*
 * The panels' paged lists, for `usePagedList` (`@btls/shared-ui/paging`), one export each and marked pure: an area
 * carries (and its release records) the calls of the lists it shows, and none of the others.
 */
export const pagedCourses = /* @__PURE__ */ paged(queryKeys.courses, listCoursesPage);
export const pagedUsers = /* @__PURE__ */ paged(queryKeys.users, listUsersPage);
export const pagedEnrollments = /* @__PURE__ */ paged(queryKeys.enrollments, listEnrollmentsPage);
export const pagedAssignedTrainings = /* @__PURE__ */ paged(
  [...queryKeys.enrollments, 'assigned'],
  getMyAssignedTrainingsPage,
);
export const pagedJobPostings = /* @__PURE__ */ paged(queryKeys.jobs, getMyPostingsPage);
export const pagedContactMessages = /* @__PURE__ */ paged(queryKeys.contactMessages, listContactMessagesPage);
export const pagedCertifiedTrainees = /* @__PURE__ */ paged(queryKeys.certifiedTrainees, listCertifiedTraineesPage);

/** An employer's own posting, to edit or to review its applicants; not theirs or none is a NotFound. */
export const myJobQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.myJob(id), queryFn: () => orNotFound(() => getJobForEdit(id)) });

/** The employer dashboard's latest certified trainees; a failure shows none and is only logged (docs/product.md §8). */
export const recentTalentQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.certifiedTrainees, 'recent'] as const,
    queryFn: () =>
      listCertifiedTraineesPage({ limit: EMPLOYER_RECENT_TRAINEES }).catch(
        (error: Error) => (console.error(error.message), { items: [], total: 0 }),
      ),
  });

export const enrollmentQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.enrollment(id), queryFn: () => orNotFound(() => getEnrollment(id)) });

export const enrollmentProgressQuery = (enrollmentId: number) =>
  queryOptions({ queryKey: queryKeys.enrollmentProgress(enrollmentId), queryFn: () => listProgress(enrollmentId) });

/** The certificate of an enrollment, or null: none issued yet, or a failure, which is only logged (docs/product.md §8). */
export const enrollmentCertificateQuery = (enrollmentId: number) =>
  queryOptions({
    queryKey: queryKeys.enrollmentCertificate(enrollmentId),
    queryFn: () => getEnrollmentCertificate(enrollmentId).catch((error: unknown) => (console.error(error), null)),
  });

export const trainersQuery = () => queryOptions({ queryKey: queryKeys.trainers, queryFn: listTrainers });

/** One user, found in the users list (docs/product.md §7) by asking the paged list for that id alone; null when none. */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: async () =>
      /^\d+$/.test(id) ? ((await listUsers({ id: Number(id) })).find((u) => String(u.id) === id) ?? null) : null,
  });

/** The total of a paged list with these filters. */
export const countQuery = (source: PagedSource<unknown>, filter: Record<string, string> = {}) =>
  queryOptions({
    queryKey: queryKeys.count(source.queryKey.slice(0, -1), filter),
    queryFn: async () => (await source.fetchPage({ ...filter, limit: 1 })).total,
  });

const LATEST_ASSIGNMENTS = 5;

/** The trainer's dashboard (docs/product.md §6): the latest few assignments, and the counts by status from the totals. */
export const assignmentSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.assignmentSummary,
    queryFn: async () => {
      const [latest, active, completed] = await Promise.all([
        getMyAssignedTrainingsPage({ limit: LATEST_ASSIGNMENTS }),
        getMyAssignedTrainingsPage({ limit: 1, status: 'Approved' }),
        getMyAssignedTrainingsPage({ limit: 1, status: 'Completed' }),
      ]);
      return { latest: latest.items, active: active.total, completed: completed.total };
    },
  });

export const myApplicationsQuery = () =>
  queryOptions({ queryKey: queryKeys.myApplications, queryFn: () => getMyApplications() });

export const myCertificatesQuery = () =>
  queryOptions({ queryKey: queryKeys.myCertificates, queryFn: () => getMyCertificates() });

/** The first `items` records of each enrollment; an enrollment whose records fail to load shows none. */
export const latestProgressQuery = (enrollmentIds: readonly number[], items: number) =>
  queryOptions({
    queryKey: [...queryKeys.latestProgress(enrollmentIds), items],
    queryFn: () =>
      Promise.all(
        enrollmentIds.map((id) =>
          listProgress(id).then(
            (records) => records.slice(0, items),
            () => [],
          ),
        ),
      ),
  });

export const certificateQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.certificate(code), queryFn: () => getCertificateByCode(code) });

export const outboxQuery = () => queryOptions({ queryKey: queryKeys.outbox, queryFn: listOutbox });

/** The areas' releases; read again every half minute while shown (a rollout's figures move, or it stops). */
export const releasesQuery = () =>
  queryOptions({ queryKey: queryKeys.releases, queryFn: listReleases, refetchInterval: 30_000 });
/** The Releases page's audit log, for `usePagedList` (its own source: only the admin area carries it). */
export const releaseAuditPages = /* @__PURE__ */ paged(queryKeys.releaseAudit, listReleaseAuditPage);
export const releaseTokensQuery = () => queryOptions({ queryKey: queryKeys.releaseTokens, queryFn: listReleaseTokens });

/** The signed-in user's own settings. */
export const preferencesQuery = () => queryOptions({ queryKey: queryKeys.preferences, queryFn: getMyPreferences });
