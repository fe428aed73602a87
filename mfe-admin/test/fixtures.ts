import type { Course, Enrollment, User } from '@btls/shared-api/schemas';

let nextId = 500;

export function user(fields: Partial<User> = {}): User {
  const id = nextId++;
  return {
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `u${id}@example.rw`,
    role: 'trainee',
    isActive: true,
    companyName: null,
    companyWebsite: null,
    companyDescription: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function enrollment(fields: Partial<Enrollment> = {}): Enrollment {
  const id = nextId++;
  return {
    id,
    applicationId: id,
    courseId: 1,
    courseTitle: 'Espresso Fundamentals',
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

export function course(fields: Partial<Course> = {}): Course {
  const id = nextId++;
  return {
    id,
    title: `Course ${id}`,
    description: 'A course.',
    tags: [],
    category: 'Latte Art',
    level: 'Beginner',
    trainingCenter: null,
    instructor: null,
    duration: null,
    price: '0',
    imageUrl: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
