/**
 * Example answers of the contract, for tests (component tests build API answers with these). Not shipped:
 * only test files import this, and the federation config leaves it out.
 */
import type {
  Certificate,
  Course,
  Enrollment,
  Job,
  JobApplicant,
  MyJobApplication,
  ProgressRecord,
  User,
} from './schemas';

let nextId = 1000;

export function aUser(fields: Partial<User> = {}): User {
  const id = nextId++;
  return {
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `user${id}@example.rw`,
    role: 'trainee',
    isActive: true,
    companyName: null,
    companyWebsite: null,
    companyDescription: null,
    language: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function aCourse(fields: Partial<Course> = {}): Course {
  const id = nextId++;
  return {
    id,
    title: `Course ${id}`,
    description: 'A course.',
    tags: [],
    language: 'en',
    languages: ['en'],
    category: 'Brewing Techniques',
    level: 'Beginner',
    trainingCenter: 'BTLS Coffee Training Centre, Kigali',
    instructor: null,
    duration: '2 weeks',
    price: '150000',
    imageUrl: null,
    isActive: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export function anEnrollment(fields: Partial<Enrollment> = {}): Enrollment {
  const id = fields.id ?? nextId++;
  return {
    id,
    applicationId: id,
    courseId: 1,
    courseTitle: `Course ${id}`,
    courseCategory: 'Brewing Techniques',
    courseLevel: 'Beginner',
    traineeId: 2,
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

export function aProgressRecord(fields: Partial<ProgressRecord> = {}): ProgressRecord {
  const id = nextId++;
  return {
    id,
    enrollmentId: 1,
    assessmentName: `Assessment ${id}`,
    score: 8,
    maxScore: 10,
    feedbackNotes: null,
    recordDate: '2026-03-10T10:00:00.000Z',
    ...fields,
  };
}

export function aCertificate(fields: Partial<Certificate> = {}): Certificate {
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
    revokedAt: null,
    revocationReason: null,
    ...fields,
  };
}

export function aJob(fields: Partial<Job> = {}): Job {
  const id = nextId++;
  return {
    id,
    employerId: 1,
    title: `Job ${id}`,
    language: 'en',
    languages: ['en'],
    companyName: 'Kigali Beans',
    description: '<p>Make coffee.</p>',
    descriptionSnippet: 'Make coffee.',
    requirements: null,
    location: 'Kigali',
    jobType: 'Full-time',
    salary: null,
    salaryRange: null,
    closingDate: null,
    isActive: true,
    postedDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...fields,
  };
}

export function aMyJobApplication(fields: Partial<MyJobApplication> = {}): MyJobApplication {
  const id = nextId++;
  return {
    id,
    jobId: 1,
    jobTitle: `Job ${id}`,
    companyName: 'Kigali Beans',
    status: 'New',
    appliedAt: '2026-05-04T09:00:00.000Z',
    updatedAt: '2026-05-04T09:00:00.000Z',
    ...fields,
  };
}

export function aJobApplicant(fields: Partial<JobApplicant> = {}): JobApplicant {
  const id = nextId++;
  return {
    id,
    jobId: 1,
    status: 'New',
    appliedAt: '2026-05-04T09:00:00.000Z',
    updatedAt: '2026-05-04T09:00:00.000Z',
    trainee: { id: 2, firstName: 'Aline', lastName: 'Uwase', email: 'aline@example.rw' },
    phone: '+250781234567',
    coverNote: 'I love espresso.',
    hasCv: false,
    certificates: [
      { code: 'BTLS-AAAA-BBBB-CCCC-DDDD', courseTitle: 'Latte Art Masterclass', issuedAt: '2026-04-01T10:00:00.000Z' },
    ],
    history: [{ from: null, to: 'New', note: null, at: '2026-05-04T09:00:00.000Z', byName: 'Aline Uwase' }],
    ...fields,
  };
}
