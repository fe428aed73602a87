import { checkForm, progressPayloadSchema, type ProgressPayload } from '@btls/shared-api/schemas';

export interface RecordFields {
  assessmentName: string;
  score: string;
  maxScore: string;
  feedbackNotes: string;
}

export const EMPTY_RECORD: RecordFields = { assessmentName: '', score: '', maxScore: '', feedbackNotes: '' };

/** The record rules of spec §5 as the server checks them: the payload to send, or the problem to show. */
export function recordPayload(fields: RecordFields): { payload: ProgressPayload } | { problem: string } {
  return checkForm(progressPayloadSchema, fields);
}
