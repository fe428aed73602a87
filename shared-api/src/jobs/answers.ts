/**
 * The texts of the jobs resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { JOB_TYPES } from '../constants';
import { jobValidation, jobFallback } from './texts';

export const jobNotices = {
  jobPosted: ({ title }: { title: string }) => `Job "${title}" posted successfully!`,
  jobActivated: 'Job status updated to Active.',
  jobDeactivated: 'Job status updated to Inactive.',
  jobUpdated: ({ title }: { title: string }) => `Job "${title}" updated successfully.`,
  jobDeleted: 'Job deleted successfully.',
} as const;

/** Job postings and their applications, beyond the texts of the screens above. */
export const job = {
  notFoundOrNotYours: ({ id }: { id: number }) =>
    `Job posting with ID ${id} not found or you're not authorized to edit it.`,
  adminCannotEdit: 'Admins can deactivate or delete a job posting, but only its employer can edit it.',
  invalidId: 'Invalid job ID.',
  typeOneOf: `Job type must be one of: ${JOB_TYPES.join(', ')}.`,
  invalidApplicationStatus: 'Invalid application status.',
  noteTooLong: 'The note must be at most 1,000 characters.',
  atMost100Applicants: 'At most 100 applicants at once.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { validation: jobValidation, fallback: jobFallback, job, notice: jobNotices } as const;
