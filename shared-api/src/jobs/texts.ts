/**
 * The texts of the jobs resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const jobValidation = /* @__PURE__ */ withCodes('validation', {
  jobRequired: 'Please fill in all required fields: Company Name, Job Title, Description, and Location.',
  closingDateInPast: 'Closing date cannot be in the past.',
  salaryAmount: 'Write each salary amount as a whole number from 0 to 1,000,000,000, such as 250000.',
  salaryFromMissing: 'Fill in the salary "from" amount too, or leave both amounts empty.',
  salaryUpToBelowFrom: 'The salary "up to" amount cannot be less than the "from" amount.',
  salaryPeriod: 'Choose how often the salary is paid: per hour, day, week, month or year.',
  salaryCurrency: "Choose the salary's currency: RWF, USD or EUR.",
} as const);

export const jobFallback = /* @__PURE__ */ withCodes('fallback', {
  fetchJobs: (status: number) => `Failed to fetch jobs. Status: ${status}`,
  fetchJob: 'Failed to fetch job details.',
  postJob: (status: number) => `Failed to post job. Status: ${status}`,
  fetchMyJobs: (status: number) => `Failed to fetch your job postings. Status: ${status}`,
  updateJobStatus: (status: number) => `Failed to update job status. Status: ${status}`,
  deleteJob: (status: number) => `Failed to delete job. Status: ${status}`,
  updateJob: (status: number) => `Failed to update job. Status: ${status}`,
  jobIdMissing: 'Job ID is missing.',
  publicJobNotFound: 'Job not found or no longer available.',
} as const);
