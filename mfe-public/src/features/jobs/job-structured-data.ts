/** schema.org JobPosting for a job's page: what search engines (Google for Jobs) read. */
import { valueText, type I18n } from '@btls/shared-api';
import type { Job } from '@btls/shared-api/schemas';
import { jobHtml } from './job-text';

const EMPLOYMENT_TYPES: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
};

/**
 * The salary as schema.org's MonetaryAmount: its currency, and a QuantitativeValue of its amounts per hour, day,
 * week, month or year (unitText in capitals, as Google for Jobs reads it). A posting without amounts (none, or
 * the words of an older posting) gives null: it then says nothing of the salary rather than something guessed.
 */
export function baseSalaryOf(salary: Job['salary'] | undefined) {
  if (!salary) return null;
  const unitText = salary.period.toUpperCase();
  return {
    '@type': 'MonetaryAmount',
    currency: salary.currency,
    value:
      salary.max === null || salary.max === salary.min
        ? { '@type': 'QuantitativeValue', value: salary.min, unitText }
        : { '@type': 'QuantitativeValue', minValue: salary.min, maxValue: salary.max, unitText },
  };
}

export function jobStructuredData(job: Job) {
  const salary = baseSalaryOf(job.salary);
  return {
    '@type': 'JobPosting',
    title: job.title,
    // The posting's own number on this site, as Google for Jobs asks.
    identifier: { '@type': 'PropertyValue', name: 'BTLS Coffee', value: String(job.id) },
    // Applications are made on this page (an account, a CV and a message), not on another site.
    directApply: true,
    ...(salary ? { baseSalary: salary } : {}),
    description: jobHtml(job.description),
    datePosted: job.postedDate,
    // The closing date is the last day applications are taken (Kigali's day ends at 23:59 UTC+2).
    ...(job.closingDate ? { validThrough: `${job.closingDate.slice(0, 10)}T23:59:59+02:00` } : {}),
    ...(job.jobType && EMPLOYMENT_TYPES[job.jobType] ? { employmentType: EMPLOYMENT_TYPES[job.jobType] } : {}),
    hiringOrganization: { '@type': 'Organization', name: job.companyName || 'A Reputable Company' },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: job.location || 'Kigali', addressCountry: 'RW' },
    },
  };
}

/** What a shared link shows under the title, in the page's language: company, place, type (`company` as shown). */
export function jobShareDescription(job: Job, company: string, i18n: I18n): string {
  const facts = [company, job.location, job.jobType && i18n._(valueText(job.jobType))].filter(Boolean).join(' · ');
  const snippet = job.descriptionSnippet?.trim();
  return snippet ? `${facts}. ${snippet}` : facts;
}
