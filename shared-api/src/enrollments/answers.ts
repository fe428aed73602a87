/**
 * The texts of the enrollments resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { ENROLLMENT_SORTS, ENROLLMENT_STATUSES } from '../constants';
import { enrollmentValidation, enrollmentFallback } from './texts';

export const enrollmentNotices = {
  applicationSubmitted: ({ course, id }: { course: string; id: number }) =>
    `Application for "${course}" submitted (application ID ${id}). You will be notified once it is reviewed.`,
  trainingCompleted: 'Training marked as completed. The admin has been notified to issue the certificate.',
  applicationStatusUpdated: ({ status }: { status: string }) => `Application status updated to ${status}.`,
  adminNotesUpdated: 'Admin notes updated.',
  /** An approval that also assigned the trainer. */
  applicationStatusUpdatedAndTrainer: ({ status, name }: { status: string; name: string }) =>
    `Application status updated to ${status}. Trainer ${name} assigned.`,
  adminNotesUpdatedAndTrainer: ({ name }: { name: string }) => `Admin notes updated. Trainer ${name} assigned.`,
  applicationsUpdatedAndTrainer: ({ count, status, name }: { count: number; status: string; name: string }) =>
    `${count} application${count === 1 ? '' : 's'} updated to ${status}. Trainer ${name} assigned.`,
  applicationsUpdated: ({ count, status }: { count: number; status: string }) =>
    `${count} application${count === 1 ? '' : 's'} updated to ${status}.`,
  trainerAssigned: ({ name }: { name: string }) => `Trainer ${name} assigned successfully.`,
} as const;

/** Course applications (enrollments), trainers and progress. */
export const enrollment = {
  notFound: 'Enrollment not found.',
  notFoundOrNotAssigned: 'Enrollment not found or not assigned to you.',
  applicationNotFound: 'Enrollment application not found.',
  invalidId: 'Invalid enrollment application ID.',
  invalidApplicationId: 'Invalid application ID.',
  alreadyOpen: 'You already have an open application for this course.',
  cannotReopen: 'This trainee already has an open application for this course, so this one cannot be reopened.',
  changedMeanwhile: 'The application changed meanwhile. Please reload and try again.',
  trainerOnlyCompletes: 'A trainer can only mark a training as completed.',
  onlyApprovedCompletes: 'Only an Approved training can be marked as completed.',
  onlyTrainerCompletes: 'Only the assigned trainer can mark a training as completed.',
  completedKeepsStatus: 'A completed enrollment keeps its status; only its notes can be edited.',
  assignOnlyApproved: 'A trainer can only be assigned to an Approved application.',
  notActiveTrainer: 'The selected user is not an active trainer.',
  trainerNotFound: 'Trainer not found.',
  invalidTrainerId: 'Invalid trainer ID.',
  progressOnlyApproved: 'Progress can only be recorded while the training is Approved.',
  progressNotFound: 'Progress record not found.',
  invalidProgressRecordId: 'Invalid progress record ID.',
  invalidEnrollmentId: 'Invalid enrollment ID.',
  statusOneOf: `Status must be one of: ${ENROLLMENT_STATUSES.join(', ')}.`,
  reviewStatusOneOf: 'Status must be Approved, Rejected, Waitlisted or Pending.',
  approvedOrCompleted: 'Status must be Approved or Completed.',
  sortOneOf: `sort must be one of: ${ENROLLMENT_SORTS.join(', ')}.`,
  selectApplications: 'Select at least one application.',
  atMost100: 'At most 100 applications at once.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = {
  validation: enrollmentValidation,
  fallback: enrollmentFallback,
  enrollment,
  notice: enrollmentNotices,
} as const;
