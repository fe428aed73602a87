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

/** Whether these fields were read (a number, or left empty), whatever else was refused: their rule can be checked. */
const read =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    // (An input that is no object at all has a problem without a path: no rule of its fields applies.)
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

export const progressPayloadSchema = z
  .object({
    assessmentName: requiredText(validation.assessmentNameRequired, 200),
    score: optionalNumber(validation.scoreNotNumber),
    maxScore: optionalNumber(validation.maxScoreNotNumber),
    feedbackNotes: optionalText(5000),
  })
  // The score rules are checked whenever both numbers were read, even when the name is refused: the form says
  // every problem at once, not the score's only after the name is fixed.
  .refine((p) => p.maxScore === null || p.maxScore >= 0, {
    message: validation.maxScoreNegative,
    path: ['maxScore'],
    when: read('maxScore'),
  })
  .refine((p) => p.score === null || p.score >= 0, {
    message: validation.scoreNegative,
    path: ['score'],
    when: read('score'),
  })
  .refine((p) => p.score === null || p.maxScore === null || p.score <= p.maxScore, {
    message: validation.scoreAboveMax,
    path: ['score'],
    when: read('score', 'maxScore'),
  });
export type ProgressPayload = z.input<typeof progressPayloadSchema>;

export const progressAnswerSchema = z.object({ ...noticeFields, record: progressRecordSchema });
export type ProgressAnswer = z.infer<typeof progressAnswerSchema>;
