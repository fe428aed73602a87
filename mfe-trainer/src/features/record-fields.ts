export interface RecordFields {
  assessmentName: string;
  score: string;
  maxScore: string;
  feedbackNotes: string;
}

export const EMPTY_RECORD: RecordFields = { assessmentName: '', score: '', maxScore: '', feedbackNotes: '' };
