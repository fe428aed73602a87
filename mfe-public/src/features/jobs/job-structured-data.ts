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

/** schema.org's units of a salary, by the words employers write after "per". */
const SALARY_UNITS: Record<string, string> = {
  hour: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  year: 'YEAR',
  annum: 'YEAR',
};

/**
 * The salary as schema.org's MonetaryAmount, when the text says it plainly: "RWF 400,000 - 500,000
 * per month", "Rwf 1,200,000 per year", "FRW 5,000 per day". Anything else ("8,000 per shift", "negotiable",
 * another currency) gives null: the posting then says nothing of the salary rather than something guessed.
 */
export function salaryOf(text: string | null | undefined) {
  const match =
    /^\s*(?:RWF|Rwf|FRW|Frw)\s*([\d,.]+)\s*(?:(?:-|–|to)\s*(?:(?:RWF|Rwf|FRW|Frw)\s*)?([\d,.]+))?\s*(?:\/|per|a|an)\s+(hour|day|week|month|year|annum)\s*$/i.exec(
      text ?? '',
    );
  if (!match) return null;
  const amount = (digits: string | undefined) => (digits ? Number(digits.replace(/,/g, '')) : undefined);
  const [min, max] = [amount(match[1]), amount(match[2])];
  if (min === undefined || !Number.isFinite(min) || (max !== undefined && (!Number.isFinite(max) || max < min)))
    return null;
  const unitText = SALARY_UNITS[match[3]!.toLowerCase()]!;
  return {
    '@type': 'MonetaryAmount',
    currency: 'RWF',
    value:
      max === undefined
        ? { '@type': 'QuantitativeValue', value: min, unitText }
        : { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText },
  };
}

export function jobStructuredData(job: Job) {
  const salary = salaryOf(job.salaryRange);
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
