/**
 * The texts of the job-applications resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

/** Job applications: the server's answers and the words the screens show. */
export const jobApplication = /* @__PURE__ */ withCodes('jobApplication', {
  alreadyApplied: 'You have already applied for this job.',
  notFound: 'Application not found.',
  invalidId: 'Invalid job application ID.',
  invalidPhone:
    'Please enter a phone number with its country code, e.g. +256 772 123 456, or a Rwandan number such as 078 123 4567.',
  coverNoteTooLong: 'The cover note must be at most 2,000 characters.',
  cvWrongKind: 'The CV must be a PDF, a Word document or a photo (JPEG or PNG).',
  cvTooLarge: 'The CV is too large: at most 5 MB.',
  noCv: 'This application has no CV.',
  onlyTrainees: 'Only trainees can apply for jobs.',
  withdrawOnlyNew: 'An application can be withdrawn only while it is New.',
  moveNotAllowed: ({ name, from, to }: { name: string; from: string; to: string }) =>
    `${name}: An application that is ${from} cannot be moved to ${to}.`,
  changedMeanwhile: 'This application changed meanwhile. Please reload and try again.',
  selectApplications: 'Please select at least one applicant.',
  adminReadOnly: "Admins can read a job's applications, but only its employer can change them.",
  applied: 'Your application has been sent. The employer will be in touch.',
  failedApply: (status: number) => `Application failed. Status: ${status}`,
  failedMine: 'Failed to fetch your job applications.',
  failedWithdraw: 'Failed to withdraw the application.',
  failedApplicants: (status: number) => `Failed to fetch the applicants. Status: ${status}`,
  failedStatus: (status: number) => `Failed to update the status. Status: ${status}`,
  failedDownload: 'Failed to download the file.',
  failedSummary: 'Failed to fetch application stats.',
} as const);
