/**
 * The texts of the progress resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const progressValidation = /* @__PURE__ */ withCodes('validation', {
  assessmentNameRequired: 'Assessment name is required.',
  scoreNotNumber: 'Score must be a valid number.',
  maxScoreNotNumber: 'Max Score must be a valid number.',
  scoreAboveMax: 'Score cannot be greater than Max Score.',
  maxScoreNegative: 'Max Score cannot be negative.',
  scoreNegative: 'Score cannot be negative.',
} as const);

export const progressFallback = /* @__PURE__ */ withCodes('fallback', {
  fetchProgress: 'Failed to fetch progress records.',
  saveProgress: 'Failed to save progress record.',
  deleteProgress: 'Failed to delete progress record.',
} as const);
