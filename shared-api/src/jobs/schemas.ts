/** Job postings (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import { JOB_DESCRIPTION_MAX, JOB_REQUIREMENTS_MAX, JOB_TYPES, LANGUAGES } from '../constants';
import { job as jobText, request, validation } from '../messages';
import {
  activeStatus,
  documentedAs,
  documentedWith,
  flag,
  noticeFields,
  optionalDate,
  optionalText,
  orNull,
  pageQuerySchema,
  queryParam,
  requiredText,
  requiredTextJson,
} from '../schema-blocks';
import {
  contentLanguageFields,
  contentLanguageSchema,
  readerLanguageQuery,
  translationsPayload,
} from '../content-languages';
import { DEFAULT_SALARY_CURRENCY, SALARY_AMOUNT_MAX, SALARY_CURRENCIES, SALARY_PERIODS } from './salary';

// What the server makes of a salary, with the schemas it takes them from (`@btls/shared-api/schemas`).
export { DEFAULT_SALARY_CURRENCY, parseSalaryText, salaryText } from './salary';

/**
 * A posting's salary in the answers: the lowest amount, the highest (null for one amount), the currency's ISO 4217
 * code and how often it is paid. The currency is any code, not the list a posting may choose from today, so a
 * currency added later is shown by pages built before it (they write the code as it is).
 */
export const jobSalarySchema = z.object({
  min: z.number().int(),
  max: z.number().int().nullable(),
  currency: z.string().meta({ description: 'An ISO 4217 code: today one of ' + SALARY_CURRENCIES.join(', ') + '.' }),
  period: z.enum(SALARY_PERIODS),
});

export type JobSalary = z.infer<typeof jobSalarySchema>;

/** A posting's texts in one language. */
export const jobTextsSchema = z.object({
  title: z.string(),
  description: z.string(),
  requirements: z.string().nullable(),
});
export type JobTexts = z.infer<typeof jobTextsSchema>;

export const jobSchema = z.object({
  id: z.number(),
  employerId: z.number(),
  title: z.string(),
  companyName: z.string(),
  description: z.string(),
  descriptionSnippet: z.string(),
  requirements: z.string().nullable(),
  location: z.string(),
  jobType: z.enum(JOB_TYPES),
  /** The salary as amounts, or null when the posting gives none (or only the free text written before amounts). */
  salary: jobSalarySchema.nullable(),
  salaryRange: z
    .string()
    .nullable()
    .meta({
      description:
        'The salary in English words ("RWF 250,000 - 320,000 per month"), or as the employer wrote it before salaries ' +
        'had amounts when it could not be read as amounts; kept for pages that show it as it is.',
    }),
  closingDate: z.string().nullable(),
  isActive: z.boolean(),
  postedDate: z.string(),
  /** The language of `title`, `description`, its snippet and `requirements` (the reader's when written in it). */
  ...contentLanguageFields,
  /** For the posting's employer (and admins): every version of the texts, by language, to edit them. */
  texts: z.partialRecord(z.enum(LANGUAGES), jobTextsSchema).optional(),
  /** In the employer's and admins' list of postings: applications received, and how many are still New. */
  applicationCount: z.number().optional(),
  newApplicationCount: z.number().optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** The public job board's filter options: the distinct values the open jobs hold, sorted. */
export const jobFacetsSchema = z.object({
  locations: z.array(z.string()),
  jobTypes: z.array(z.string()),
});
export type JobFacets = z.infer<typeof jobFacetsSchema>;

/** A salary amount: a whole number from 0 (a form reads its text with salaryAmountOf); null or missing is none. */
const salaryAmount = z
  .number({ error: validation.salaryAmount })
  .int(validation.salaryAmount)
  .min(0, validation.salaryAmount)
  .max(SALARY_AMOUNT_MAX, validation.salaryAmount)
  .nullish()
  .transform((v) => v ?? null);

/** One of `values`; null or missing is none. */
const salaryChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  description: string,
) =>
  z
    .enum(values, { error: message })
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description });

export const jobPayloadSchema = documentedWith(
  z
    .object({
      title: requiredText(validation.jobRequired, 200),
      companyName: requiredText(validation.jobRequired, 200),
      description: documentedAs(requiredText(validation.jobRequired, JOB_DESCRIPTION_MAX), {
        ...requiredTextJson(JOB_DESCRIPTION_MAX),
        description: 'Text or basic HTML: markup outside the allow-list is removed, and some text must remain.',
      }),
      requirements: optionalText(JOB_REQUIREMENTS_MAX),
      location: requiredText(validation.jobRequired, 200),
      jobType: documentedAs(
        z
          .string({ error: jobText.typeOneOf })
          .optional()
          .transform((v) => (v?.trim() ? v.trim() : 'Full-time'))
          .pipe(z.enum(JOB_TYPES, { error: jobText.typeOneOf })),
        { type: 'string', enum: [...JOB_TYPES], default: 'Full-time' },
      ),
      // The salary as amounts: all or nothing, so amounts need a period (the currency is RWF unless chosen); a
      // currency or period without amounts is no salary.
      salaryMin: salaryAmount,
      salaryMax: salaryAmount,
      salaryCurrency: salaryChoice(
        SALARY_CURRENCIES,
        validation.salaryCurrency,
        `With amounts: their currency (${DEFAULT_SALARY_CURRENCY} when not given).`,
      ),
      salaryPeriod: salaryChoice(
        SALARY_PERIODS,
        validation.salaryPeriod,
        'With amounts: how often the salary is paid (required with amounts).',
      ),
      salaryRange: documentedAs(optionalText(100), {
        ...orNull({ type: 'string', maxLength: 100 }),
        deprecated: true,
        description:
          'The free text salaries were written in before they had amounts, as pages released before then still send it: ' +
          'read as amounts when it says them plainly ("RWF 250,000 - 320,000 per month"), else kept as written. ' +
          'Ignored when amounts are given.',
      }),
      closingDate: optionalDate(validation.closingDateInPast),
      isActive: flag.default(true),
      /** The language title, description and requirements are written in: on a new posting English unless given. */
      language: contentLanguageSchema.optional(),
      translations: translationsPayload(
        {
          title: optionalText(200),
          description: optionalText(JOB_DESCRIPTION_MAX),
          requirements: optionalText(JOB_REQUIREMENTS_MAX),
        },
        {
          properties: {
            title: requiredTextJson(200),
            description: {
              ...requiredTextJson(JOB_DESCRIPTION_MAX),
              description: 'Text or basic HTML, as the posting’s own: some text must remain.',
            },
            requirements: orNull({ type: 'string', maxLength: JOB_REQUIREMENTS_MAX }),
          },
          required: ['title', 'description'],
        },
      ),
    })
    .superRefine((job, ctx) => {
      if (job.salaryMin === null && job.salaryMax === null) return;
      if (job.salaryMin === null)
        ctx.addIssue({ code: 'custom', message: validation.salaryFromMissing, path: ['salaryMin'] });
      else if (job.salaryMax !== null && job.salaryMax < job.salaryMin)
        ctx.addIssue({ code: 'custom', message: validation.salaryUpToBelowFrom, path: ['salaryMax'] });
      if (job.salaryPeriod === null)
        ctx.addIssue({ code: 'custom', message: validation.salaryPeriod, path: ['salaryPeriod'] });
    }),
  {
    // A salary is all or nothing (a highest amount below the lowest is refused too, which JSON Schema cannot say).
    allOf: [
      {
        if: { properties: { salaryMax: { type: 'integer' } }, required: ['salaryMax'] },
        then: { properties: { salaryMin: { type: 'integer' } }, required: ['salaryMin'] },
      },
      {
        if: { properties: { salaryMin: { type: 'integer' } }, required: ['salaryMin'] },
        then: { properties: { salaryPeriod: { type: 'string' } }, required: ['salaryPeriod'] },
      },
    ],
  },
);
export type JobPayload = z.input<typeof jobPayloadSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  location: queryParam(z.string({ error: request.locationNotText }).trim().max(200)),
  jobType: queryParam(z.enum(JOB_TYPES, { error: jobText.typeOneOf })),
  ...readerLanguageQuery,
});
/** One posting's read: in the reader's language. */
export const jobReadQuerySchema = z.object(readerLanguageQuery);
/** An employer's own postings (or, for an admin, every posting): also by status. */
export const myJobsQuerySchema = jobListQuerySchema.extend({ status: activeStatus });

export const jobStatusPayloadSchema = z.object({ isActive: flag }).strict();
export type JobStatusPayload = z.input<typeof jobStatusPayloadSchema>;

export const jobAnswerSchema = z.object({ ...noticeFields, job: jobSchema });
export type JobAnswer = z.infer<typeof jobAnswerSchema>;
