/** Job applications. */
import { z } from 'zod';
import { COVER_NOTE_MAX, EMPLOYER_APPLICATION_STATUSES, JOB_APPLICATION_STATUSES } from '../constants';
import { enrollment as enrollmentText, job as jobText, jobApplication, request } from '../messages';
import { documentedAs, idSchema, pageQuerySchema, queryParam } from '../schema-blocks';

export const jobApplicationStatusSchema = z.enum(JOB_APPLICATION_STATUSES, { error: jobText.invalidApplicationStatus });
export const employerApplicationStatusSchema = z.enum(EMPLOYER_APPLICATION_STATUSES, {
  error: jobText.invalidApplicationStatus,
});

const RWANDAN_PHONE = /^(?:\+?250|0)(7[2389]\d{7}|25\d{7})$/;
/**
 * A Rwandan phone number as people write it: 078 123 4567, 0781234567, +250 781 234 567, 250-78-123-4567
 * (mobile 072/073/078/079, or a landline 025…). Kept as +250 and the nine digits.
 */
export const rwandanPhone = documentedAs(
  z
    .string({ error: jobApplication.invalidPhone })
    .trim()
    .max(30, jobApplication.invalidPhone)
    .transform((v) => v.replace(/[\s\-().]/g, ''))
    .refine((v) => v === '' || RWANDAN_PHONE.test(v), jobApplication.invalidPhone)
    .transform((v) => (v ? `+250${v.replace(/^(?:\+?250|0)/, '')}` : null)),
  {
    type: 'string',
    pattern: RWANDAN_PHONE.source,
    examples: ['0788123456'],
    description: 'Also taken with spaces, dashes, dots or brackets between the digits; kept as +250 and nine digits.',
  },
);

/** Applying for a job: both optional (JSON, or the text fields of a multipart form with the CV as `cv`). */
export const jobApplicationPayloadSchema = z.object({
  phone: rwandanPhone.nullish().transform((v) => v ?? null),
  coverNote: z
    .string({ error: request.notText })
    .trim()
    .max(COVER_NOTE_MAX, jobApplication.coverNoteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type JobApplicationPayload = z.input<typeof jobApplicationPayloadSchema>;

const statusNote = z
  .string({ error: request.notText })
  .trim()
  .max(1000, jobText.noteTooLong)
  .nullish()
  .transform((v) => v || null);

export const jobApplicationStatusPayloadSchema = z.object({
  status: employerApplicationStatusSchema,
  note: statusNote,
});
export type JobApplicationStatusPayload = z.input<typeof jobApplicationStatusPayloadSchema>;

export const jobApplicationBulkStatusPayloadSchema = z.object({
  ids: z
    .array(idSchema(enrollmentText.invalidApplicationId), { error: jobApplication.selectApplications })
    .min(1, jobApplication.selectApplications)
    .max(100, jobText.atMost100Applicants),
  status: employerApplicationStatusSchema,
  note: statusNote,
});
export type JobApplicationBulkStatusPayload = z.input<typeof jobApplicationBulkStatusPayloadSchema>;

export const jobApplicantsQuerySchema = pageQuerySchema.extend({ status: queryParam(jobApplicationStatusSchema) });
export const myJobApplicationsQuerySchema = pageQuerySchema.extend({ jobId: queryParam(idSchema(jobText.invalidId)) });

/** The answer to applying, and one line of the trainee's own list. */
export const myJobApplicationSchema = z.object({
  id: z.number(),
  /** Null once the job was deleted ("job removed"). */
  jobId: z.number().nullable(),
  jobTitle: z.string(),
  companyName: z.string(),
  status: jobApplicationStatusSchema,
  appliedAt: z.string(),
  updatedAt: z.string(),
});
export type MyJobApplication = z.infer<typeof myJobApplicationSchema>;

export const jobApplicationHistoryEntrySchema = z.object({
  from: jobApplicationStatusSchema.nullable(),
  to: jobApplicationStatusSchema,
  note: z.string().nullable(),
  at: z.string(),
  byName: z.string(),
});
export type JobApplicationHistoryEntry = z.infer<typeof jobApplicationHistoryEntrySchema>;

/** An application as the job's employer (and admins) read it: the trainee's certificates are the CV. */
export const jobApplicantSchema = z.object({
  id: z.number(),
  jobId: z.number(),
  status: jobApplicationStatusSchema,
  appliedAt: z.string(),
  updatedAt: z.string(),
  trainee: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  phone: z.string().nullable(),
  coverNote: z.string().nullable(),
  hasCv: z.boolean(),
  certificates: z.array(z.object({ code: z.string(), courseTitle: z.string(), issuedAt: z.string() })),
  history: z.array(jobApplicationHistoryEntrySchema),
});
export type JobApplicant = z.infer<typeof jobApplicantSchema>;

export const jobApplicationsSummarySchema = z.object({ total: z.number(), new: z.number() });
export type JobApplicationsSummary = z.infer<typeof jobApplicationsSummarySchema>;
