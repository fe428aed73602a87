/**
 * The texts of the common texts that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from './text-codes';

export const validation = /* @__PURE__ */ withCodes('validation', {
  requiredFields: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  onlyNumbers: 'Field cannot contain only numbers.',
  imageTooLarge: 'File is too large. Max size is 5MB.',
  imageInvalidType: 'Invalid file type. Please upload an image.',
  noToken: 'Not authorized: No token provided.',
  notADate: 'Must be a date (YYYY-MM-DD).',
  /** A signed-in call made without a session (refused before any request). */
  noSession: 'Authentication token not found.',
} as const);

/** docs/product.md §8 fallbacks: shown when a non-OK answer carries no `message`. */
export const fallback = /* @__PURE__ */ withCodes('fallback', {
  /** No answer at all (offline, a dropped mobile link, a timeout). */
  network: 'Could not reach the server. Please check your connection and try again.',
  /** Offline, and this was never saved on this phone: nothing is wrong, it is just not here yet. */
  notSavedOffline: 'You are offline, and this was not saved on this phone. It will show once you are back online.',
  /** A write tried without network: nothing was sent, and the form keeps what was typed. */
  notSentOffline:
    'Not sent: you are offline. What you wrote is kept on this phone; send it again once you are back online.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
} as const);
