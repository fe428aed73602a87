import { call, callPage, listQuery, seg, type Page, type PageParams } from './client';
import { fallback, validation } from './client-messages';
import type {
  ApplyAnswer,
  ApplyPayload,
  AssignTrainerPayload,
  Enrollment,
  EnrollmentBulkStatusPayload,
  EnrollmentStatusPayload,
  MessageAnswer,
} from './schemas';
import type { EnrollmentStatus } from './constants';

const signedIn = { bearer: 'required', missingToken: validation.noSession } as const;

export function applyForCourse(payload: ApplyPayload): Promise<ApplyAnswer> {
  return call({
    operation: 'POST /enrollments/apply',
    path: 'enrollments/apply',
    auth: { bearer: 'required', missingToken: validation.mustBeLoggedInToApply },
    json: payload,
    fallback: fallback.applyForCourse,
  });
}

/** Admin review list; no status means All. A page (the first 50 without params). */
export function listEnrollments(status?: EnrollmentStatus, params?: PageParams): Promise<Enrollment[]> {
  return call({
    operation: 'GET /enrollments',
    path: 'enrollments',
    auth: signedIn,
    searchParams: listQuery({ ...params, status }),
    fallback: fallback.fetchApplications,
  });
}

export interface EnrollmentListParams extends PageParams {
  status?: EnrollmentStatus;
  courseId?: number | string;
  /** Completed applications without a certificate yet. */
  awaitingCertificate?: boolean;
  sort?: 'newest' | 'oldest' | 'course';
}

export function listEnrollmentsPage(params?: EnrollmentListParams): Promise<Page<Enrollment>> {
  return callPage({
    operation: 'GET /enrollments',
    path: 'enrollments',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: fallback.fetchApplications,
  });
}

export function getMyApplications(params?: PageParams): Promise<Enrollment[]> {
  return call({
    operation: 'GET /enrollments/my-applications',
    path: 'enrollments/my-applications',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => fallback.fetchMyApplications,
    notJson: fallback.myApplicationsNotJson,
  });
}

export interface AssignedTrainingsParams extends PageParams {
  status?: 'Approved' | 'Completed';
}

export function getMyAssignedTrainings(params?: AssignedTrainingsParams): Promise<Enrollment[]> {
  return call({
    operation: 'GET /enrollments/my-assigned-trainings',
    path: 'enrollments/my-assigned-trainings',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => fallback.fetchAssignedTrainings,
  });
}

export function getMyAssignedTrainingsPage(params?: AssignedTrainingsParams): Promise<Page<Enrollment>> {
  return callPage({
    operation: 'GET /enrollments/my-assigned-trainings',
    path: 'enrollments/my-assigned-trainings',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => fallback.fetchAssignedTrainings,
  });
}

export function getEnrollment(id: number | string): Promise<Enrollment> {
  return call({
    operation: 'GET /enrollments/:id',
    path: `enrollments/${seg(id)}`,
    auth: signedIn,
    fallback: () => fallback.fetchApplication,
  });
}

export function updateEnrollmentStatus(id: number, payload: EnrollmentStatusPayload): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:id/status',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: payload,
    fallback: fallback.updateEnrollmentStatus,
  });
}

/** The admin's queue: several applications to one status with one note, all or none. */
export function updateEnrollmentStatuses(payload: EnrollmentBulkStatusPayload): Promise<MessageAnswer> {
  return call({
    operation: 'POST /enrollments/status',
    path: 'enrollments/status',
    auth: signedIn,
    json: payload,
    fallback: fallback.updateEnrollmentStatus,
  });
}

/** The trainer's completion: only the status is sent. */
export function markTrainingCompleted(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:id/status',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: { status: 'Completed' },
    fallback: () => fallback.markCompleted,
  });
}

export function assignTrainer(applicationId: number, payload: AssignTrainerPayload): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:applicationId/assign-trainer',
    path: `enrollments/${seg(applicationId)}/assign-trainer`,
    auth: signedIn,
    json: payload,
    fallback: () => fallback.assignTrainer,
  });
}
