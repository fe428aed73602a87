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

export function jobStructuredData(job: Job) {
  return {
    '@type': 'JobPosting',
    title: job.title,
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
