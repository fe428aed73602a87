import type { Certificate, Enrollment, ProgressRecord } from '@btls/shared-api/schemas';

let nextId = 100;

export function application(fields: Partial<Enrollment> = {}): Enrollment {
  const id = nextId++;
  return {
    id,
    applicationId: id,
    courseId: 1,
    courseTitle: `Course ${id}`,
    courseCategory: 'Brewing Techniques',
    courseLevel: 'Beginner',
    traineeId: 1,
    traineeFirstName: 'Aline',
    traineeLastName: 'Uwase',
    traineeEmail: 'aline@example.rw',
    applicationDate: '2026-03-05T10:00:00.000Z',
    preferredStartDate: null,
    applicantNotes: null,
    adminNotes: null,
    status: 'Pending',
    assignedTrainerId: null,
    trainerFirstName: null,
    trainerLastName: null,
    trainerEmail: null,
    ...fields,
  };
}

export function record(fields: Partial<ProgressRecord> = {}): ProgressRecord {
  const id = nextId++;
  return { id, enrollmentId: 1, assessmentName: `Assessment ${id}`, score: 8, maxScore: 10, feedbackNotes: null, recordDate: '2026-03-10T10:00:00.000Z', ...fields };
}

export function certificate(fields: Partial<Certificate> = {}): Certificate {
  const id = nextId++;
  return {
    id,
    certificateCode: `BTLS-AAAA-BBBB-CCCC-${id}`,
    issueDate: '2026-04-01T10:00:00.000Z',
    enrollmentApplicationId: 1,
    userId: 1,
    courseId: 1,
    traineeFirstName: 'Aline',
    traineeLastName: 'Uwase',
    courseTitle: 'Latte Art Masterclass',
    courseDuration: '1 week',
    courseTrainingCenter: 'BTLS Coffee Training Centre, Kigali',
    issuedByAdminFirstName: 'Grace',
    issuedByAdminLastName: 'Mukamana',
    ...fields,
  };
}
