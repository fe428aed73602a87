/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // jobApplication
  /*i18n*/ { id: 'jobApplication.alreadyApplied', message: 'You have already applied for this job.' },
  /*i18n*/ { id: 'jobApplication.notFound', message: 'Application not found.' },
  /*i18n*/ { id: 'jobApplication.invalidId', message: 'Invalid job application ID.' },
  /*i18n*/ {
    id: 'jobApplication.invalidPhone',
    message:
      'Please enter a phone number with its country code, e.g. +256 772 123 456, or a Rwandan number such as 078 123 4567.',
  },
  /*i18n*/ { id: 'jobApplication.coverNoteTooLong', message: 'The cover note must be at most 2,000 characters.' },
  /*i18n*/ {
    id: 'jobApplication.cvWrongKind',
    message: 'The CV must be a PDF, a Word document or a photo (JPEG or PNG).',
  },
  /*i18n*/ { id: 'jobApplication.cvTooLarge', message: 'The CV is too large: at most 5 MB.' },
  /*i18n*/ { id: 'jobApplication.noCv', message: 'This application has no CV.' },
  /*i18n*/ { id: 'jobApplication.onlyTrainees', message: 'Only trainees can apply for jobs.' },
  /*i18n*/ { id: 'jobApplication.withdrawOnlyNew', message: 'An application can be withdrawn only while it is New.' },
  /*i18n*/ {
    id: 'jobApplication.moveNotAllowed',
    message: '{name}: An application that is {from} cannot be moved to {to}.',
  },
  /*i18n*/ {
    id: 'jobApplication.changedMeanwhile',
    message: 'This application changed meanwhile. Please reload and try again.',
  },
  /*i18n*/ { id: 'jobApplication.selectApplications', message: 'Please select at least one applicant.' },
  /*i18n*/ {
    id: 'jobApplication.adminReadOnly',
    message: "Admins can read a job's applications, but only its employer can change them.",
  },
  /*i18n*/ { id: 'jobApplication.applied', message: 'Your application has been sent. The employer will be in touch.' },
  /*i18n*/ { id: 'jobApplication.failedApply', message: 'Application failed. Status: {status}' },
  /*i18n*/ { id: 'jobApplication.failedMine', message: 'Failed to fetch your job applications.' },
  /*i18n*/ { id: 'jobApplication.failedWithdraw', message: 'Failed to withdraw the application.' },
  /*i18n*/ { id: 'jobApplication.failedApplicants', message: 'Failed to fetch the applicants. Status: {status}' },
  /*i18n*/ { id: 'jobApplication.failedStatus', message: 'Failed to update the status. Status: {status}' },
  /*i18n*/ { id: 'jobApplication.failedDownload', message: 'Failed to download the file.' },
  /*i18n*/ { id: 'jobApplication.failedSummary', message: 'Failed to fetch application stats.' },
  // notice
  /*i18n*/ { id: 'notice.jobApplicationWithdrawn', message: 'Your application has been withdrawn.' },
  /*i18n*/ {
    id: 'notice.jobApplicationsMoved',
    message: '{count, plural, one {# application} other {# applications}} moved to {status}.',
  },
];
