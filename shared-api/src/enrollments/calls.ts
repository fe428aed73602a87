import { call, callPage, listQuery, seg, type Page, type PageParams } from '../client';
import { validation } from '../texts';
import { enrollmentFallback, enrollmentValidation } from './texts';
import type {
  ApplyAnswer,
  ApplyPayload,
  AssignTrainerPayload,
  Enrollment,
  EnrollmentBulkStatusPayload,
  EnrollmentStatusPayload,
  MessageAnswer,
} from '../schemas';
import type { EnrollmentStatus } from '../constants';

const signedIn = { bearer: 'required', missingToken: validation.noSession } as const;

export function applyForCourse(payload: ApplyPayload): Promise<ApplyAnswer> {
  return call({
    operation: 'POST /enrollments/apply',
    path: 'enrollments/apply',
    auth: { bearer: 'required', missingToken: enrollmentValidation.mustBeLoggedInToApply },
    json: payload,
    fallback: enrollmentFallback.applyForCourse,
  });
}

/** Admin review list; no status means All. A page (the first 50 without params). */
export function listEnrollments(status?: EnrollmentStatus, params?: PageParams): Promise<Enrollment[]> {
  return call({
    operation: 'GET /enrollments',
    path: 'enrollments',
    auth: signedIn,
    searchParams: listQuery({ ...params, status }),
    fallback: enrollmentFallback.fetchApplications,
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
    fallback: enrollmentFallback.fetchApplications,
  });
}

export function getMyApplications(params?: PageParams): Promise<Enrollment[]> {
  return call({
    operation: 'GET /enrollments/my-applications',
    path: 'enrollments/my-applications',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => enrollmentFallback.fetchMyApplications,
    notJson: enrollmentFallback.myApplicationsNotJson,
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
    fallback: () => enrollmentFallback.fetchAssignedTrainings,
  });
}

export function getMyAssignedTrainingsPage(params?: AssignedTrainingsParams): Promise<Page<Enrollment>> {
  return callPage({
    operation: 'GET /enrollments/my-assigned-trainings',
    path: 'enrollments/my-assigned-trainings',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: () => enrollmentFallback.fetchAssignedTrainings,
  });
}

export function getEnrollment(id: number | string): Promise<Enrollment> {
  return call({
    operation: 'GET /enrollments/:id',
    path: `enrollments/${seg(id)}`,
    auth: signedIn,
    fallback: () => enrollmentFallback.fetchApplication,
  });
}

export function updateEnrollmentStatus(id: number, payload: EnrollmentStatusPayload): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:id/status',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: payload,
    fallback: enrollmentFallback.updateEnrollmentStatus,
  });
}

/** The admin's queue: several applications to one status with one note, all or none. */
export function updateEnrollmentStatuses(payload: EnrollmentBulkStatusPayload): Promise<MessageAnswer> {
  return call({
    operation: 'POST /enrollments/status',
    path: 'enrollments/status',
    auth: signedIn,
    json: payload,
    fallback: enrollmentFallback.updateEnrollmentStatus,
  });
}

/** The trainer's completion: only the status is sent. */
export function markTrainingCompleted(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:id/status',
    path: `enrollments/${seg(id)}/status`,
    auth: signedIn,
    json: { status: 'Completed' },
    fallback: () => enrollmentFallback.markCompleted,
  });
}

export function assignTrainer(applicationId: number, payload: AssignTrainerPayload): Promise<MessageAnswer> {
  return call({
    operation: 'PUT /enrollments/:applicationId/assign-trainer',
    path: `enrollments/${seg(applicationId)}/assign-trainer`,
    auth: signedIn,
    json: payload,
    fallback: () => enrollmentFallback.assignTrainer,
  });
}
