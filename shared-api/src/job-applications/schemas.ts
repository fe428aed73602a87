/** Job applications. */
import { z } from 'zod';
import { COVER_NOTE_MAX, EMPLOYER_APPLICATION_STATUSES, JOB_APPLICATION_STATUSES } from '../constants';
import { enrollment as enrollmentText, job as jobText, jobApplication, request } from '../messages';
import { documentedAs, idSchema, pageQuerySchema, queryParam } from '../schema-blocks';

export const jobApplicationStatusSchema = z.enum(JOB_APPLICATION_STATUSES, { error: jobText.invalidApplicationStatus });
export const employerApplicationStatusSchema = z.enum(EMPLOYER_APPLICATION_STATUSES, {
  error: jobText.invalidApplicationStatus,
});

/** A phone number in E.164: a plus, a country code and at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;
/**
 * The number as typed, with its separators (spaces, dashes, dots, brackets) taken out, in E.164 when it can be:
 * `00…` is the international prefix (`+…`); a ten-digit number starting with 0 is Rwandan as people write it
 * there (078 123 4567: `+250781234567`), as is `250…` without its plus.
 */
function phoneInE164(typed: string): string {
  const digits = typed.trim().replace(/[\s\-().\u00a0]/g, '');
  if (/^00[1-9]/.test(digits)) return `+${digits.slice(2)}`;
  if (/^0\d{9}$/.test(digits)) return `+250${digits.slice(1)}`;
  if (/^250\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

/**
 * A phone number of any country, with its country code (+256 772 123 456, +243 81 234 5678), or a Rwandan one
 * written the local way (078 123 4567, 0781234567, 250 781 234 567). Kept in E.164 (`+256772123456`).
 * Checked here by its shape only, so the pages carry no numbering plans: the API checks it against every
 * country's plan as well (libphonenumber's full metadata) and refuses a number no country gives out.
 */
export const phoneNumber = documentedAs(
  z
    .string({ error: jobApplication.invalidPhone })
    .trim()
    .max(30, jobApplication.invalidPhone)
    .transform(phoneInE164)
    .refine((v) => v === '' || E164.test(v), jobApplication.invalidPhone)
    .transform((v) => v || null),
  {
    type: 'string',
    examples: ['0788123456', '+256 772 123 456'],
    description:
      'Any valid number with its country code (or a Rwandan one written locally: 078 123 4567), with spaces, ' +
      'dashes, dots or brackets between the digits; kept in E.164 (`+256772123456`).',
  },
);

/** Applying for a job: both optional (JSON, or the text fields of a multipart form with the CV as `cv`). */
export const jobApplicationPayloadSchema = z.object({
  phone: phoneNumber.nullish().transform((v) => v ?? null),
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
