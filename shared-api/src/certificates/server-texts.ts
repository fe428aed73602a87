/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // validation
  /*i18n*/ {
    id: 'validation.certificateOnlyCompleted',
    message: "Certificate can only be issued for 'Completed' enrollments",
  },
  /*i18n*/ { id: 'validation.revocationReasonRequired', message: 'A reason is required to revoke a certificate.' },
  // credentialCheck
  /*i18n*/ { id: 'credentialCheck.signatureValid', message: 'Signature valid' },
  /*i18n*/ {
    id: 'credentialCheck.signatureInvalid',
    message:
      'The signature does not match: this credential was changed after it was signed, or it was not signed by the key it names.',
  },
  /*i18n*/ {
    id: 'credentialCheck.notOurIssuer',
    message: 'This credential was not issued by BTLS Coffee Training Centre.',
  },
  /*i18n*/ { id: 'credentialCheck.statusUnknown', message: 'Its revocation status could not be checked.' },
  /*i18n*/ { id: 'credentialCheck.revoked', message: 'This certificate has been revoked by the training centre.' },
  /*i18n*/ {
    id: 'credentialCheck.notACredential',
    message: 'This is not a credential: choose the .json file downloaded from a certificate page.',
  },
  /*i18n*/ { id: 'credentialCheck.tooManyChecks', message: 'Too many verification requests. Please try again later.' },
  /*i18n*/ { id: 'credentialCheck.tooLarge', message: 'This file is too large to be a credential (at most 32 KB).' },
  /*i18n*/ { id: 'credentialCheck.tooComplex', message: 'This file holds too much to be checked as a credential.' },
  // fallback
  /*i18n*/ { id: 'fallback.fetchMyCertificates', message: 'Failed to fetch your certificates.' },
  /*i18n*/ { id: 'fallback.fetchEnrollmentCertificate', message: 'Failed to fetch certificate. Status: {status}' },
  /*i18n*/ { id: 'fallback.issueCertificate', message: 'Failed to issue certificate.' },
  /*i18n*/ { id: 'fallback.fetchCertificate', message: 'Failed to fetch certificate. Status: {status}' },
  /*i18n*/ { id: 'fallback.certificateMissingInfo', message: 'Missing information to fetch certificate.' },
  /*i18n*/ { id: 'fallback.revokeCertificate', message: 'Failed to revoke certificate.' },
  /*i18n*/ { id: 'fallback.checkCredential', message: 'Failed to check the credential. Status: {status}' },
  // certificate
  /*i18n*/ { id: 'certificate.notFound', message: 'Certificate not found.' },
  /*i18n*/ { id: 'certificate.noneForEnrollment', message: 'No certificate has been issued for this enrollment.' },
  /*i18n*/ { id: 'certificate.mismatch', message: 'The trainee and course do not match this enrollment.' },
  /*i18n*/ { id: 'certificate.alreadyIssued', message: 'A certificate has already been issued for this enrollment.' },
  /*i18n*/ { id: 'certificate.invalidCode', message: 'This is not a valid certificate code.' },
  /*i18n*/ { id: 'certificate.alreadyRevoked', message: 'This certificate has already been revoked.' },
  /*i18n*/ { id: 'certificate.noStatusList', message: 'No such status list.' },
  // notice
  /*i18n*/ { id: 'notice.certificateIssued', message: 'Certificate issued successfully.' },
  /*i18n*/ { id: 'notice.certificateRevoked', message: 'Certificate revoked.' },
];
