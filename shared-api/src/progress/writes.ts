import { useApiMutation } from '../mutations';
import { addProgress, deleteProgress, updateProgress } from './calls';
import { progressKeys } from './keys';
import type { ProgressPayload } from '../schemas';

export const useAddProgress = () =>
  useApiMutation(
    ({ enrollmentId, payload, key }: { enrollmentId: number; payload: ProgressPayload; key?: string }) =>
      addProgress(enrollmentId, payload, key),
    [progressKeys.progress],
  );

export const useUpdateProgress = () =>
  useApiMutation(
    ({ recordId, payload, key }: { recordId: number; payload: ProgressPayload; key?: string }) =>
      updateProgress(recordId, payload, key),
    [progressKeys.progress],
  );

export const useDeleteProgress = () => useApiMutation(deleteProgress, [progressKeys.progress]);
