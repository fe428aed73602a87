/** Job postings (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import { JOB_DESCRIPTION_MAX, JOB_REQUIREMENTS_MAX, JOB_TYPES } from '../constants';
import { job as jobText, request, validation } from '../messages';
import {
  activeStatus,
  documentedAs,
  flag,
  noticeFields,
  optionalDate,
  optionalText,
  pageQuerySchema,
  queryParam,
  requiredText,
  requiredTextJson,
} from '../schema-blocks';

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
  salaryRange: z.string().nullable(),
  closingDate: z.string().nullable(),
  isActive: z.boolean(),
  postedDate: z.string(),
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

export const jobPayloadSchema = z.object({
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
  salaryRange: optionalText(100),
  closingDate: optionalDate(validation.closingDateInPast),
  isActive: flag.default(true),
});
export type JobPayload = z.input<typeof jobPayloadSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  location: queryParam(z.string({ error: request.locationNotText }).trim().max(200)),
  jobType: queryParam(z.enum(JOB_TYPES, { error: jobText.typeOneOf })),
});
/** An employer's own postings (or, for an admin, every posting): also by status. */
export const myJobsQuerySchema = jobListQuerySchema.extend({ status: activeStatus });

export const jobStatusPayloadSchema = z.object({ isActive: flag }).strict();
export type JobStatusPayload = z.input<typeof jobStatusPayloadSchema>;

export const jobAnswerSchema = z.object({ ...noticeFields, job: jobSchema });
export type JobAnswer = z.infer<typeof jobAnswerSchema>;
