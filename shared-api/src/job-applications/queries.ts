import { queryOptions } from '@btls/kernel';
import {
  type JobApplicantsParams,
  getJobApplicantsPage,
  getJobApplicationsSummary,
  getMyJobApplications,
} from './calls';

export const jobApplicationKeys = {
  /** Everything about job applications, for one invalidation after a change. */
  jobApplications: ['job-applications'] as const,
  myJobApplications: ['job-applications', 'mine'] as const,
  myJobApplicationFor: (jobId: string) => ['job-applications', 'mine', { jobId }] as const,
  jobApplicants: (jobId: string, params: JobApplicantsParams) => ['job-applications', 'job', jobId, params] as const,
  jobApplicationsSummary: ['job-applications', 'summary'] as const,
};

/** The trainee's job applications (the first 100: a trainee applies for a handful). */
export const myJobApplicationsQuery = () =>
  queryOptions({ queryKey: jobApplicationKeys.myJobApplications, queryFn: () => getMyJobApplications({ limit: 100 }) });

/** The trainee's application for one job, or null: the job page asks only once the page is the browser's. */
export const myJobApplicationForQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobApplicationKeys.myJobApplicationFor(jobId),
    queryFn: async () => (await getMyJobApplications({ jobId, limit: 1 }))[0] ?? null,
  });

/** One page of a job's applicants, with the total. */
export const jobApplicantsQuery = (jobId: string, params: JobApplicantsParams) =>
  queryOptions({
    queryKey: jobApplicationKeys.jobApplicants(jobId, params),
    queryFn: () => getJobApplicantsPage(jobId, params),
  });

export const jobApplicationsSummaryQuery = () =>
  queryOptions({ queryKey: jobApplicationKeys.jobApplicationsSummary, queryFn: getJobApplicationsSummary });
