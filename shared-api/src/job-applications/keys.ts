/**
 * The job-applications resource's query keys: each starts with the resource, so a write refreshes all its views.
 */
import type { JobApplicantsParams } from './calls';

export const jobApplicationKeys = {
  /** Everything about job applications, for one invalidation after a change. */
  jobApplications: ['job-applications'] as const,
  myJobApplications: ['job-applications', 'mine'] as const,
  myJobApplicationFor: (jobId: string) => ['job-applications', 'mine', { jobId }] as const,
  jobApplicants: (jobId: string, params: JobApplicantsParams) => ['job-applications', 'job', jobId, params] as const,
  jobApplicationsSummary: ['job-applications', 'summary'] as const,
};
