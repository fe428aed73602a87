/**
 * The texts of the certificates resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { certificateValidation, certificateFallback, credentialCheck } from './texts';

export const certificateNotices = {
  certificateIssued: 'Certificate issued successfully.',
  certificateRevoked: 'Certificate revoked.',
} as const;

export const certificate = {
  notFound: 'Certificate not found.',
  noneForEnrollment: 'No certificate has been issued for this enrollment.',
  mismatch: 'The trainee and course do not match this enrollment.',
  alreadyIssued: 'A certificate has already been issued for this enrollment.',
  invalidCode: 'This is not a valid certificate code.',
  alreadyRevoked: 'This certificate has already been revoked.',
  noStatusList: 'No such status list.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = {
  validation: certificateValidation,
  credentialCheck,
  fallback: certificateFallback,
  certificate,
  notice: certificateNotices,
} as const;
