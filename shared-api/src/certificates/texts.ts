/**
 * The texts of the certificates resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const certificateValidation = /* @__PURE__ */ withCodes('validation', {
  certificateOnlyCompleted: "Certificate can only be issued for 'Completed' enrollments",
  revocationReasonRequired: 'A reason is required to revoke a certificate.',
} as const);

export const certificateFallback = /* @__PURE__ */ withCodes('fallback', {
  fetchMyCertificates: 'Failed to fetch your certificates.',
  fetchEnrollmentCertificate: (status: number) => `Failed to fetch certificate. Status: ${status}`,
  issueCertificate: 'Failed to issue certificate.',
  fetchCertificate: (status: number) => `Failed to fetch certificate. Status: ${status}`,
  certificateMissingInfo: 'Missing information to fetch certificate.',
  revokeCertificate: 'Failed to revoke certificate.',
  checkCredential: (status: number) => `Failed to check the credential. Status: ${status}`,
} as const);

/** The check of a verifiable credential: the server's findings and the words the screens show. */
export const credentialCheck = /* @__PURE__ */ withCodes('credentialCheck', {
  signatureValid: 'Signature valid',
  signatureInvalid:
    'The signature does not match: this credential was changed after it was signed, or it was not signed by the key it names.',
  notOurIssuer: 'This credential was not issued by BTLS Coffee Training Centre.',
  statusUnknown: 'Its revocation status could not be checked.',
  revoked: 'This certificate has been revoked by the training centre.',
  notACredential: 'This is not a credential: choose the .json file downloaded from a certificate page.',
  tooManyChecks: 'Too many verification requests. Please try again later.',
  /** A real Open Badges 3.0 credential fits in 32 KB; a bigger body is refused before it is read. */
  tooLarge: 'This file is too large to be a credential (at most 32 KB).',
  /** More values than a credential holds, or a check that ran past its deadline. */
  tooComplex: 'This file holds too much to be checked as a credential.',
} as const);
