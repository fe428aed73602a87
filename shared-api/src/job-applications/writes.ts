import type { EmployerApplicationStatus } from '../constants';
import {
  type ApplyForJobFields,
  applyForJob,
  setJobApplicationStatus,
  setJobApplicationsStatus,
  withdrawJobApplication,
} from './calls';
import { jobApplicationKeys } from './keys';
import { jobKeys } from '../jobs/keys';
import { useApiMutation } from '../mutations';

// An applicant's move changes the job's pipeline, the counts on the postings and the summaries.
/** A trainee's application to a job, with or without a CV: their applications change. */
export const useApplyForJob = () =>
  useApiMutation(
    ({ jobId, fields, key }: { jobId: number; fields: ApplyForJobFields; key?: string }) =>
      applyForJob(jobId, fields, key),
    [jobApplicationKeys.jobApplications],
  );

export const useWithdrawJobApplication = () =>
  useApiMutation(withdrawJobApplication, [jobApplicationKeys.jobApplications]);

export const useSetJobApplicationStatus = () =>
  useApiMutation(
    ({ id, status, note }: { id: number; status: EmployerApplicationStatus; note?: string }) =>
      setJobApplicationStatus(id, status, note),
    [jobApplicationKeys.jobApplications, jobKeys.jobs],
  );

export const useSetJobApplicationsStatus = () =>
  useApiMutation(
    ({
      jobId,
      ids,
      status,
      note,
    }: {
      jobId: number;
      ids: number[];
      status: EmployerApplicationStatus;
      note?: string;
    }) => setJobApplicationsStatus(jobId, ids, status, note),
    [jobApplicationKeys.jobApplications, jobKeys.jobs],
  );
