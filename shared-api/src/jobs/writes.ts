import { deleteJob, postJob, setJobActive, updateJob } from './calls';
import { jobKeys } from './keys';
import { useApiMutation } from '../mutations';
import type { JobPayload } from '../schemas';

export const useSetJobActive = () =>
  useApiMutation(({ id, isActive }: { id: number; isActive: boolean }) => setJobActive(id, isActive), [jobKeys.jobs]);

export const useDeleteJob = () => useApiMutation(deleteJob, [jobKeys.jobs]);

export const usePostJob = () => useApiMutation((payload: JobPayload) => postJob(payload), [jobKeys.jobs]);

export const useUpdateJob = () =>
  useApiMutation(({ id, payload }: { id: number; payload: JobPayload }) => updateJob(id, payload), [jobKeys.jobs]);
