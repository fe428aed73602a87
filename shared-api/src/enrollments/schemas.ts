/** Enrollment applications (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import { ENROLLMENT_STATUSES, ENROLLMENT_SORTS } from '../constants';
import { course as courseText, enrollment as enrollmentText, validation } from '../messages';
import {
  documentedWith,
  flag,
  idSchema,
  noticeFields,
  optionalDate,
  optionalText,
  pageQuerySchema,
  queryParam,
} from '../schema-blocks';

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES, {
  error: enrollmentText.statusOneOf,
});

export const enrollmentSchema = z.object({
  id: z.number(),
  /** The same value as `id`; the trainer views call it applicationId (docs/product.md §3). */
  applicationId: z.number(),
  courseId: z.number(),
  courseTitle: z.string(),
  courseCategory: z.string(),
  courseLevel: z.string(),
  traineeId: z.number(),
  traineeFirstName: z.string(),
  traineeLastName: z.string(),
  traineeEmail: z.string(),
  applicationDate: z.string(),
  preferredStartDate: z.string().nullable(),
  applicantNotes: z.string().nullable(),
  adminNotes: z.string().nullable(),
  status: enrollmentStatusSchema,
  assignedTrainerId: z.number().nullable(),
  trainerFirstName: z.string().nullable(),
  trainerLastName: z.string().nullable(),
  trainerEmail: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const applyPayloadSchema = z.object({
  courseId: idSchema(validation.selectCourse),
  applicantNotes: optionalText(2000),
  preferredStartDate: optionalDate(validation.preferredStartInPast),
});
export type ApplyPayload = z.input<typeof applyPayloadSchema>;

export const applyAnswerSchema = z.object({ applicationId: z.number(), ...noticeFields });
export type ApplyAnswer = z.infer<typeof applyAnswerSchema>;

/** How the admin's review list is ordered: newest or oldest application first (the natural queue), or by course. */
export { ENROLLMENT_SORTS };
export const enrollmentListQuerySchema = pageQuerySchema.extend({
  status: queryParam(enrollmentStatusSchema),
  courseId: queryParam(idSchema(courseText.invalidId)),
  /** Completed applications without a certificate yet: the admin's next step. */
  awaitingCertificate: queryParam(flag),
  sort: queryParam(z.enum(ENROLLMENT_SORTS, { error: enrollmentText.sortOneOf })),
});
/** A trainer's assigned trainings: Approved (running) or Completed ones. */
export const assignedTrainingsQuerySchema = pageQuerySchema.extend({
  status: queryParam(z.enum(['Approved', 'Completed'], { error: enrollmentText.approvedOrCompleted })),
});

/**
 * An approval may name the trainer too (approve and assign in one step): `trainerId`, an active
 * trainer, only with status Approved; without it the assigned trainer stays as it is.
 */
const approvingTrainerSchema = idSchema(enrollmentText.invalidTrainerId).optional();

/** The same rule, as the document states it. */
const trainerOnlyWhenApproving = (statuses: readonly string[]) => ({
  oneOf: [
    { description: 'Approved: `trainerId`, if given, is assigned too.', properties: { status: { const: 'Approved' } } },
    {
      description: 'Any other status: no `trainerId`.',
      properties: { status: { enum: statuses.filter((status) => status !== 'Approved') } },
      not: { required: ['trainerId'] },
    },
  ],
});

export const enrollmentStatusPayloadSchema = documentedWith(
  z.object({
    status: enrollmentStatusSchema,
    adminNotes: optionalText(2000).optional(),
    trainerId: approvingTrainerSchema,
  }),
  trainerOnlyWhenApproving(ENROLLMENT_STATUSES),
);
export type EnrollmentStatusPayload = z.input<typeof enrollmentStatusPayloadSchema>;

/** Several applications reviewed at once (the admin's queue): one status and one note for all of them. */
const REVIEW_STATUSES = ['Approved', 'Rejected', 'Waitlisted', 'Pending'] as const;
export const enrollmentBulkStatusPayloadSchema = documentedWith(
  z.object({
    ids: z
      .array(idSchema(enrollmentText.invalidApplicationId), { error: enrollmentText.selectApplications })
      .min(1, enrollmentText.selectApplications)
      .max(100, enrollmentText.atMost100),
    status: z.enum(REVIEW_STATUSES, { error: enrollmentText.reviewStatusOneOf }),
    adminNotes: optionalText(2000).optional(),
    trainerId: approvingTrainerSchema,
  }),
  trainerOnlyWhenApproving(REVIEW_STATUSES),
);
export type EnrollmentBulkStatusPayload = z.input<typeof enrollmentBulkStatusPayloadSchema>;

export const assignTrainerPayloadSchema = z.object({ trainerId: idSchema(validation.selectTrainer) });
export type AssignTrainerPayload = z.input<typeof assignTrainerPayloadSchema>;
