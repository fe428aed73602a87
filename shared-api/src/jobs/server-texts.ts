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
    id: 'validation.jobRequired',
    message: 'Please fill in all required fields: Company Name, Job Title, Description, and Location.',
  },
  /*i18n*/ { id: 'validation.closingDateInPast', message: 'Closing date cannot be in the past.' },
  /*i18n*/ {
    id: 'validation.salaryAmount',
    message: 'Write each salary amount as a whole number from 0 to 1,000,000,000, such as 250000.',
  },
  /*i18n*/ {
    id: 'validation.salaryFromMissing',
    message: 'Fill in the salary "from" amount too, or leave both amounts empty.',
  },
  /*i18n*/ {
    id: 'validation.salaryUpToBelowFrom',
    message: 'The salary "up to" amount cannot be less than the "from" amount.',
  },
  /*i18n*/ {
    id: 'validation.salaryPeriod',
    message: 'Choose how often the salary is paid: per hour, day, week, month or year.',
  },
  /*i18n*/ { id: 'validation.salaryCurrency', message: "Choose the salary's currency: RWF, USD or EUR." },
  // fallback
  /*i18n*/ { id: 'fallback.fetchJobs', message: 'Failed to fetch jobs. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchJob', message: 'Failed to fetch job details.' },
  /*i18n*/ { id: 'fallback.postJob', message: 'Failed to post job. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchMyJobs', message: 'Failed to fetch your job postings. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateJobStatus', message: 'Failed to update job status. Status: {status}' },
  /*i18n*/ { id: 'fallback.deleteJob', message: 'Failed to delete job. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateJob', message: 'Failed to update job. Status: {status}' },
  /*i18n*/ { id: 'fallback.jobIdMissing', message: 'Job ID is missing.' },
  /*i18n*/ { id: 'fallback.publicJobNotFound', message: 'Job not found or no longer available.' },
  // job
  /*i18n*/ {
    id: 'job.notFoundOrNotYours',
    message: "Job posting with ID {id} not found or you're not authorized to edit it.",
  },
  /*i18n*/ {
    id: 'job.adminCannotEdit',
    message: 'Admins can deactivate or delete a job posting, but only its employer can edit it.',
  },
  /*i18n*/ { id: 'job.invalidId', message: 'Invalid job ID.' },
  /*i18n*/ { id: 'job.typeOneOf', message: 'Job type must be one of: Full-time, Part-time, Contract, Internship.' },
  /*i18n*/ { id: 'job.invalidApplicationStatus', message: 'Invalid application status.' },
  /*i18n*/ { id: 'job.noteTooLong', message: 'The note must be at most 1,000 characters.' },
  /*i18n*/ { id: 'job.atMost100Applicants', message: 'At most 100 applicants at once.' },
  // notice
  /*i18n*/ { id: 'notice.jobPosted', message: 'Job "{title}" posted successfully!' },
  /*i18n*/ { id: 'notice.jobActivated', message: 'Job status updated to Active.' },
  /*i18n*/ { id: 'notice.jobDeactivated', message: 'Job status updated to Inactive.' },
  /*i18n*/ { id: 'notice.jobUpdated', message: 'Job "{title}" updated successfully.' },
  /*i18n*/ { id: 'notice.jobDeleted', message: 'Job deleted successfully.' },
];
