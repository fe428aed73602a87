/**
 * The texts of the job-applications resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { jobApplication } from './texts';

export const jobApplicationNotices = {
  jobApplicationWithdrawn: 'Your application has been withdrawn.',
  jobApplicationsMoved: ({ count, status }: { count: number; status: string }) =>
    `${count} application${count === 1 ? '' : 's'} moved to ${status}.`,
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { jobApplication, notice: jobApplicationNotices } as const;
