import { validation } from '@btls/shared-api';
import type { ProgressPayload } from '@btls/shared-api/schemas';

export interface RecordFields {
  assessmentName: string;
  score: string;
  maxScore: string;
  feedbackNotes: string;
}

export const EMPTY_RECORD: RecordFields = { assessmentName: '', score: '', maxScore: '', feedbackNotes: '' };

/** The record rules of spec §5, in its words: the payload to send, or the problem to show. */
export function recordPayload(f: RecordFields): { payload: ProgressPayload } | { problem: string } {
  if (!f.assessmentName.trim()) return { problem: validation.assessmentNameRequired };
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  const score = number(f.score);
  const maxScore = number(f.maxScore);
  if (score !== null && !Number.isFinite(score)) return { problem: validation.scoreNotNumber };
  if (maxScore !== null && !Number.isFinite(maxScore)) return { problem: validation.maxScoreNotNumber };
  if (maxScore !== null && maxScore < 0) return { problem: validation.maxScoreNegative };
  if (score !== null && maxScore !== null && score > maxScore) return { problem: validation.scoreAboveMax };
  return { payload: { assessmentName: f.assessmentName.trim(), score, maxScore, feedbackNotes: f.feedbackNotes.trim() || null } };
}
