/**
 * The texts of the common texts that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { validation, fallback } from './texts';

/** The server's answers to a request it cannot read or serve, on any route. */
export const request = {
  notAnObject: 'The request body must be a JSON object.',
  nestedTooDeeply: 'The request body is nested too deeply.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large (at most 1 MB).',
  unsupportedMediaType: 'Unsupported content type. Send JSON (or a multipart form where a file is expected).',
  tooManyParts: 'Too many parts in the form.',
  lengthMismatch: 'The request body does not match its declared length.',
  tooLarge: 'The request is too large.',
  /** Another 4xx of the framework; the answer keeps the framework's own words. */
  badRequest: 'Bad request.',
  /** A value the database refused; also the code of a zod check that names no text of its own. */
  invalidData: 'Some of the data sent is not valid.',
  changedMeanwhile: 'The data changed meanwhile. Please reload and try again.',
  serviceBusy: 'The service is busy right now. Please try again in a moment.',
  databaseDown: 'The database is not answering.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 letters, digits, dots, dashes, colons or underscores.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyInProgress: 'The same request is still being processed. Please try again in a moment.',
  serverError: 'Something went wrong on our side. Please try again.',
  noSuchEndpoint: ({ method, path }: { method: string; path: string }) => `No such API endpoint: ${method} ${path}`,
  notText: 'Must be text.',
  textTooLong: ({ max }: { max: number }) => `Must be at most ${max} characters.`,
  notBoolean: 'Must be true or false.',
  invalidId: 'Invalid ID.',
  queryNotText: 'q must be text.',
  searchTooLong: 'Search text must be at most 200 characters.',
  activeOrInactive: 'status must be active or inactive.',
  locationNotText: 'location must be text.',
  limitNotWhole: 'limit must be a whole number of at least 1.',
  offsetNotWhole: 'offset must be a whole number of at least 0.',
} as const;

export const image = {
  notFound: 'Image not found.',
  noLongerStored: 'This image is no longer stored. Please upload it again.',
} as const;

/** The rate limits' 429s (the credential check's and the password reset's are above). */
export const limit = {
  tooManyLogins: ({ minutes }: { minutes: number }) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManySignups: 'Too many sign-ups from your connection. Please try again later.',
  tooManyMessages: 'Too many messages from your connection. Please try again later.',
  tooManyJobPosts: ({ minutes }: { minutes: number }) =>
    `You have posted many jobs in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { validation, fallback, request, image, limit } as const;
