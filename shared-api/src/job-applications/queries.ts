import { queryOptions } from '@btls/kernel';
import {
  type JobApplicantsParams,
  getJobApplicantsPage,
  getJobApplicationsSummary,
  getMyJobApplications,
} from './calls';
import { jobApplicationKeys } from './keys';

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
