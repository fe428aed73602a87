/**
 * The texts of the progress resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { progressValidation, progressFallback } from './texts';

export const progressNotices = {
  progressAdded: 'Progress record added.',
  progressUpdated: 'Progress record updated.',
  progressDeleted: 'Progress record deleted.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = {
  validation: progressValidation,
  fallback: progressFallback,
  notice: progressNotices,
} as const;
