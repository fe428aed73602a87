import { ApiError, call, callPage, listQuery, seg, type Page, type PageParams } from '../client';
import type { JobType } from '../constants';
import { session } from '../auth/texts';
import { jobFallback } from './texts';
import { withReaderLanguage } from '../reader-language';
import type { Job, JobAnswer, JobFacets, JobPayload, MessageAnswer } from '../schemas';

const employer = { bearer: 'required', missingToken: session.notLoggedIn } as const;

export interface JobListParams extends PageParams {
  location?: string;
  jobType?: JobType;
}

/** Open jobs: active and not past their closing date; a page (the first 50 without params). */
export function listJobs(params?: JobListParams): Promise<Job[]> {
  return call({
    operation: 'GET /jobs',
    path: 'jobs',
    auth: { bearer: 'none' },
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: jobFallback.fetchJobs,
  });
}

export function listJobsPage(params?: JobListParams): Promise<Page<Job>> {
  return callPage({
    operation: 'GET /jobs',
    path: 'jobs',
    auth: { bearer: 'none' },
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: jobFallback.fetchJobs,
  });
}

/** The filter options of the public job board: the locations and job types the open jobs hold. */
export function getJobFacets(): Promise<JobFacets> {
  return call({
    operation: 'GET /jobs/facets',
    path: 'jobs/facets',
    auth: { bearer: 'none' },
    fallback: jobFallback.fetchJobs,
  });
}

/** The public job detail, no login; a closed or unknown job answers 'Job not found or no longer available.'. */
export function getJob(id: number | string): Promise<Job> {
  if (id === '' || id === undefined || id === null) return Promise.reject(new ApiError(jobFallback.jobIdMissing, 400));
  return call({
    operation: 'GET /jobs/:id',
    path: `jobs/${seg(id)}`,
    auth: { bearer: 'none' },
    searchParams: withReaderLanguage(undefined),
    fallback: (status) => (status === 404 ? jobFallback.publicJobNotFound : jobFallback.fetchJob),
  });
}

/** The owner's view of one of their jobs, for editing (also inactive or closed ones). */
export function getJobForEdit(id: number | string): Promise<Job> {
  if (id === '' || id === undefined || id === null) return Promise.reject(new ApiError(jobFallback.jobIdMissing, 400));
  return call({
    operation: 'GET /jobs/:id',
    path: `jobs/${seg(id)}`,
    auth: employer,
    searchParams: withReaderLanguage(undefined),
    fallback: () => jobFallback.fetchJob,
  });
}

export interface MyJobsParams extends JobListParams {
  status?: 'active' | 'inactive';
}

/** The employer's own postings (an admin's token: every posting), a page at a time. */
export function getMyPostings(params?: MyJobsParams): Promise<Job[]> {
  return call({
    operation: 'GET /jobs/my-postings',
    path: 'jobs/my-postings',
    auth: employer,
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: jobFallback.fetchMyJobs,
  });
}

export function getMyPostingsPage(params?: MyJobsParams): Promise<Page<Job>> {
  return callPage({
    operation: 'GET /jobs/my-postings',
    path: 'jobs/my-postings',
    auth: employer,
    searchParams: withReaderLanguage(listQuery(params)),
    fallback: jobFallback.fetchMyJobs,
  });
}

/** Answers with the job and the message 'Job "{title}" posted successfully!'. */
export function postJob(payload: JobPayload): Promise<JobAnswer> {
  return call({ operation: 'POST /jobs', path: 'jobs', auth: employer, json: payload, fallback: jobFallback.postJob });
}

export function setJobActive(id: number, isActive: boolean): Promise<JobAnswer> {
  return call({
    operation: 'PUT /jobs/:id',
    path: `jobs/${seg(id)}`,
    auth: employer,
    json: { isActive },
    fallback: jobFallback.updateJobStatus,
  });
}

export function updateJob(id: number, payload: JobPayload): Promise<JobAnswer> {
  return call({
    operation: 'PUT /jobs/:id',
    path: `jobs/${seg(id)}`,
    auth: employer,
    json: payload,
    fallback: jobFallback.updateJob,
  });
}

export function deleteJob(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /jobs/:id',
    path: `jobs/${seg(id)}`,
    auth: employer,
    fallback: jobFallback.deleteJob,
  });
}
