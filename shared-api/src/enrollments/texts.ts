/**
 * The texts of the enrollments resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const enrollmentValidation = /* @__PURE__ */ withCodes('validation', {
  selectCourse: 'Please select a course.',
  mustBeLoggedInToApply: 'You must be logged in to apply.',
  selectTrainer: 'Please select a trainer.',
  preferredStartInPast: 'Preferred start date cannot be in the past.',
} as const);

export const enrollmentFallback = /* @__PURE__ */ withCodes('fallback', {
  applyForCourse: (status: number) => `Application submission failed. Status: ${status}`,
  fetchApplications: (status: number) => `Failed to fetch applications. Status: ${status}`,
  fetchMyApplications: 'Failed to fetch your applications.',
  myApplicationsNotJson: 'Network error or non-JSON response fetching applications.',
  fetchAssignedTrainings: 'Failed to fetch assigned trainings.',
  fetchApplication: 'Failed to fetch application details',
  updateEnrollmentStatus: (status: number) => `Failed to update status. Status: ${status}`,
  markCompleted: 'Failed to mark training as completed.',
  assignTrainer: 'Failed to assign trainer.',
} as const);
