import {
  applyForCourse,
  assignTrainer,
  markTrainingCompleted,
  updateEnrollmentStatus,
  updateEnrollmentStatuses,
} from './calls';
import { enrollmentKeys } from './keys';
import { useApiMutation } from '../mutations';
import type { AssignTrainerPayload, EnrollmentStatusPayload } from '../schemas';

// Enrollments: a status, a trainer or a completion changes the lists, the counts and the trainer's views.
export const useUpdateEnrollmentStatus = () =>
  useApiMutation(
    ({ id, ...payload }: EnrollmentStatusPayload & { id: number }) => updateEnrollmentStatus(id, payload),
    [enrollmentKeys.enrollments],
  );

export const useUpdateEnrollmentStatuses = () => useApiMutation(updateEnrollmentStatuses, [enrollmentKeys.enrollments]);

export const useAssignTrainer = () =>
  useApiMutation(
    ({ id, ...payload }: AssignTrainerPayload & { id: number }) => assignTrainer(id, payload),
    [enrollmentKeys.enrollments],
  );

export const useMarkTrainingCompleted = () => useApiMutation(markTrainingCompleted, [enrollmentKeys.enrollments]);

export const useApplyForCourse = () => useApiMutation(applyForCourse, [enrollmentKeys.enrollments]);
