/** Progress records (docs/product.md §3, docs/product.md §7). */
import { z } from 'zod';
import { validation } from '../messages';
import { noticeFields, optionalNumber, optionalText, requiredText } from '../schema-blocks';

export const progressRecordSchema = z.object({
  id: z.number(),
  enrollmentId: z.number(),
  assessmentName: z.string(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  feedbackNotes: z.string().nullable(),
  recordDate: z.string(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

export const progressPayloadSchema = z
  .object({
    assessmentName: requiredText(validation.assessmentNameRequired, 200),
    score: optionalNumber(validation.scoreNotNumber),
    maxScore: optionalNumber(validation.maxScoreNotNumber),
    feedbackNotes: optionalText(5000),
  })
  .refine((p) => p.maxScore === null || p.maxScore >= 0, { message: validation.maxScoreNegative, path: ['maxScore'] })
  .refine((p) => p.score === null || p.score >= 0, { message: validation.scoreNegative, path: ['score'] })
  .refine((p) => p.score === null || p.maxScore === null || p.score <= p.maxScore, {
    message: validation.scoreAboveMax,
    path: ['score'],
  });
export type ProgressPayload = z.input<typeof progressPayloadSchema>;

export const progressAnswerSchema = z.object({ ...noticeFields, record: progressRecordSchema });
export type ProgressAnswer = z.infer<typeof progressAnswerSchema>;
