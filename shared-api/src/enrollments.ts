import { call, seg } from './client';
import { fallback, validation } from './messages';
import type {
  ApplyAnswer,
  ApplyPayload,
  AssignTrainerPayload,
  Enrollment,
  EnrollmentStatusPayload,
  MessageAnswer,
} from './schemas';
import type { EnrollmentStatus } from './constants';

const signedIn = { bearer: 'required', missingToken: 'Authentication token not found.' } as const;

export function applyForCourse(payload: ApplyPayload): Promise<ApplyAnswer> {
  return call({
    method: 'post',
    path: 'enrollments/apply',
    auth: { bearer: 'required', missingToken: validation.mustBeLoggedInToApply },
    json: payload,
    fallback: fallback.applyForCourse,
  });
}

/** Admin review list; no status means All. */
export function listEnrollments(status?: EnrollmentStatus): Promise<Enrollment[]> {
  return call({
    method: 'get',
    path: 'enrollments',
    auth: signedIn,
    ...(status ? { searchParams: { status } } : {}),
    fallback: fallback.fetchApplications,
  });
}

export function getMyApplications(): Promise<Enrollment[]> {
  return call({
    method: 'get',
    path: 'enrollments/my-applications',
    auth: signedIn,
    fallback: () => fallback.fetchMyApplications,
    notJson: fallback.myApplicationsNotJson,
  });
}

export function getMyAssignedTrainings(): Promise<Enrollment[]> {
  return call({
    method: 'get',
    path: 'enrollments/my-assigned-trainings',
    auth: signedIn,
    fallback: () => fallback.fetchAssignedTrainings,
  });
}

export function getEnrollment(id: number | string): Promise<Enrollment> {
  return call({
    method: 'get',
    path: `enrollments/${seg(id)}`,
    auth: signedIn,
    fallback: () => fallback.fetchApplication,
  });
}

export function updateEnrollmentStatus(id: number, payload: EnrollmentStatusPayload): Promise<MessageAnswer> {
  return call({
    method: 'put',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: payload,
    fallback: fallback.updateEnrollmentStatus,
  });
}

/** The trainer's completion: only the status is sent. */
export function markTrainingCompleted(id: number): Promise<MessageAnswer> {
  return call({
    method: 'put',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: { status: 'Completed' },
    fallback: () => fallback.markCompleted,
  });
}

export function assignTrainer(applicationId: number, payload: AssignTrainerPayload): Promise<MessageAnswer> {
  return call({
    method: 'put',
    path: `enrollments/${seg(applicationId)}/assign-trainer`,
    auth: signedIn,
    json: payload,
    fallback: () => fallback.assignTrainer,
  });
}
