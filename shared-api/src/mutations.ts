/**
 * The writes of the panels, each with what it changes: when one succeeds, every query under those keys is
 * refreshed (lists, pages, counts, details), so no screen keeps a copy of its own to patch by hand.
 */
import { useQueryClient, type QueryKey } from '@btls/kernel';
import { checkCredential, issueCertificate, revokeCertificate } from './certificates';
import { createCourse, deleteCourse, updateCourse } from './courses';
import {
  applyForCourse,
  assignTrainer,
  markTrainingCompleted,
  updateEnrollmentStatus,
  updateEnrollmentStatuses,
} from './enrollments';
import { deleteJob, postJob, setJobActive, updateJob } from './jobs';
import {
  applyForJob,
  setJobApplicationsStatus,
  setJobApplicationStatus,
  withdrawJobApplication,
  type ApplyForJobFields,
} from './job-applications';
import type { EmployerApplicationStatus } from './constants';
import { retryOutboxMessage } from './outbox';
import { createReleaseToken, promoteRollout, revokeReleaseToken, rollBackRelease, stopRollout } from './releases';
import { addProgress, deleteProgress, updateProgress } from './progress';
import { queryKeys } from './queries';
import type {
  AssignTrainerPayload,
  ContactPayload,
  CourseCreatePayload,
  EnrollmentStatusPayload,
  IssueCertificatePayload,
  JobPayload,
  PreferencesPayload,
  ProfilePayload,
  ProgressPayload,
  RegisterPayload,
  ResetPasswordPayload,
  RevokeCertificatePayload,
  UserUpdatePayload,
} from './schemas';
import { createUser, registerEmployer, requestPasswordReset, resetPassword } from './auth';
import { sendContactMessage } from './contact';
import {
  deleteUser,
  sendPasswordResetLink,
  setUserActive,
  updateMyPreferences,
  updateMyProfile,
  updateUser,
} from './users';

/**
 * A write that refreshes `changes` once it has succeeded. The answer comes when the screens' data has been
 * asked again, so a notice ("Progress record deleted.") never shows beside the row it speaks of (a failed
 * refresh does not fail the write). Screens await `mutateAsync` and show its answer or its error; TanStack's
 * useMutation would add its observer to the first load of every page (this package is loaded with `/`) for
 * state no screen reads.
 */
export function useApiMutation<V, R>(write: (variables: V) => Promise<R>, changes: readonly QueryKey[]) {
  const client = useQueryClient();
  return {
    async mutateAsync(variables: V): Promise<R> {
      const answer = await write(variables);
      await Promise.all(changes.map((queryKey) => client.invalidateQueries({ queryKey })));
      return answer;
    },
  };
}

// Enrollments: a status, a trainer or a completion changes the lists, the counts and the trainer's views.
export const useUpdateEnrollmentStatus = () =>
  useApiMutation(
    ({ id, ...payload }: EnrollmentStatusPayload & { id: number }) => updateEnrollmentStatus(id, payload),
    [queryKeys.enrollments],
  );
export const useUpdateEnrollmentStatuses = () => useApiMutation(updateEnrollmentStatuses, [queryKeys.enrollments]);
export const useAssignTrainer = () =>
  useApiMutation(
    ({ id, ...payload }: AssignTrainerPayload & { id: number }) => assignTrainer(id, payload),
    [queryKeys.enrollments],
  );
export const useMarkTrainingCompleted = () => useApiMutation(markTrainingCompleted, [queryKeys.enrollments]);
export const useApplyForCourse = () => useApiMutation(applyForCourse, [queryKeys.enrollments]);

export const useAddProgress = () =>
  useApiMutation(
    ({ enrollmentId, payload, key }: { enrollmentId: number; payload: ProgressPayload; key?: string }) =>
      addProgress(enrollmentId, payload, key),
    [queryKeys.progress],
  );
export const useUpdateProgress = () =>
  useApiMutation(
    ({ recordId, payload, key }: { recordId: number; payload: ProgressPayload; key?: string }) =>
      updateProgress(recordId, payload, key),
    [queryKeys.progress],
  );
export const useDeleteProgress = () => useApiMutation(deleteProgress, [queryKeys.progress]);

export const useIssueCertificate = () =>
  useApiMutation(
    (payload: IssueCertificatePayload) => issueCertificate(payload),
    [queryKeys.certificates, queryKeys.enrollments],
  );
export const useRevokeCertificate = () =>
  useApiMutation(
    ({ code, ...payload }: RevokeCertificatePayload & { code: string }) => revokeCertificate(code, payload),
    [queryKeys.certificates],
  );

/** Checking a credential someone brings changes nothing on the server. */
export const useCheckCredential = () => useApiMutation(checkCredential, []);

export const useCreateCourse = () =>
  useApiMutation(
    ({ payload, image }: { payload: CourseCreatePayload; image?: Blob | null }) => createCourse(payload, image),
    [queryKeys.courses],
  );
export const useUpdateCourse = () =>
  useApiMutation(
    ({ id, payload, image }: { id: number; payload: CourseCreatePayload; image?: Blob | null }) =>
      updateCourse(id, payload, image),
    [queryKeys.courses],
  );
export const useDeleteCourse = () => useApiMutation(deleteCourse, [queryKeys.courses]);

export const useCreateUser = () => useApiMutation((payload: RegisterPayload) => createUser(payload), [queryKeys.users]);
export const useUpdateUser = () =>
  useApiMutation(
    ({ id, ...payload }: UserUpdatePayload & { id: number }) => updateUser(id, payload),
    [queryKeys.users],
  );
export const useSetUserActive = () =>
  useApiMutation(
    ({ id, isActive }: { id: number; isActive: boolean }) => setUserActive(id, isActive),
    [queryKeys.users, queryKeys.jobs],
  );
/** Deleting an employer deletes their postings too. */
export const useDeleteUser = () =>
  useApiMutation(
    ({ id, deleteJobs }: { id: number; deleteJobs?: boolean }) => deleteUser(id, { deleteJobs }),
    [queryKeys.users, queryKeys.jobs],
  );
/** One's own name: the users list shows it too. */
export const useUpdateMyProfile = () =>
  useApiMutation((payload: ProfilePayload) => updateMyProfile(payload), [queryKeys.users]);
export const useSendPasswordResetLink = () => useApiMutation(sendPasswordResetLink, [queryKeys.outbox]);

export const useSetJobActive = () =>
  useApiMutation(({ id, isActive }: { id: number; isActive: boolean }) => setJobActive(id, isActive), [queryKeys.jobs]);
export const useDeleteJob = () => useApiMutation(deleteJob, [queryKeys.jobs]);
export const usePostJob = () => useApiMutation((payload: JobPayload) => postJob(payload), [queryKeys.jobs]);
export const useUpdateJob = () =>
  useApiMutation(({ id, payload }: { id: number; payload: JobPayload }) => updateJob(id, payload), [queryKeys.jobs]);

// An applicant's move changes the job's pipeline, the counts on the postings and the summaries.
/** A trainee's application to a job, with or without a CV: their applications change. */
export const useApplyForJob = () =>
  useApiMutation(
    ({ jobId, fields }: { jobId: number; fields: ApplyForJobFields }) => applyForJob(jobId, fields),
    [queryKeys.jobApplications],
  );
export const useWithdrawJobApplication = () => useApiMutation(withdrawJobApplication, [queryKeys.jobApplications]);
export const useSetJobApplicationStatus = () =>
  useApiMutation(
    ({ id, status, note }: { id: number; status: EmployerApplicationStatus; note?: string }) =>
      setJobApplicationStatus(id, status, note),
    [queryKeys.jobApplications, queryKeys.jobs],
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
    [queryKeys.jobApplications, queryKeys.jobs],
  );

// The public forms: a company's account, a reset link (an e-mail in the outbox), a new password, a message.
export const useRegisterEmployer = () => useApiMutation(registerEmployer, [queryKeys.users]);
export const useRequestPasswordReset = () => useApiMutation(requestPasswordReset, [queryKeys.outbox]);
export const useResetPassword = () => useApiMutation((payload: ResetPasswordPayload) => resetPassword(payload), []);
export const useSendContactMessage = () =>
  useApiMutation(
    (payload: ContactPayload) => sendContactMessage(payload),
    [queryKeys.contactMessages, queryKeys.outbox],
  );

export const useRetryOutboxMessage = () => useApiMutation(retryOutboxMessage, [queryKeys.outbox]);

// Releases: each change shows in the areas' list and the audit log (both under the 'releases' key).
export const usePromoteRollout = () => useApiMutation(promoteRollout, [queryKeys.releases]);
export const useStopRollout = () => useApiMutation(stopRollout, [queryKeys.releases]);
export const useRollBackRelease = () => useApiMutation(rollBackRelease, [queryKeys.releases]);
export const useCreateReleaseToken = () => useApiMutation(createReleaseToken, [queryKeys.releases]);
export const useRevokeReleaseToken = () => useApiMutation(revokeReleaseToken, [queryKeys.releases]);

/** The server answers the settings as saved: they are shown at once, with no second request. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return {
    async mutateAsync(change: PreferencesPayload) {
      const answer = await updateMyPreferences(change);
      client.setQueryData(queryKeys.preferences, answer.preferences);
      return answer;
    },
  };
}
