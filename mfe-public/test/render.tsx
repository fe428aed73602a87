import type { Course, Job } from '@btls/shared-api/schemas';

export { answer, API, http, renderAt, server, useTestApi as useApi } from '@btls/shared-auth/testing';

let nextId = 1;
export function course(fields: Partial<Course> = {}): Course {
  const id = nextId++;
  return {
    id,
    title: `Course ${id}`,
    description: 'A course.',
    tags: [],
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

export function job(fields: Partial<Job> = {}): Job {
  const id = nextId++;
  return {
    id,
    employerId: 1,
    title: `Job ${id}`,
    companyName: 'Kigali Beans',
    description: '<p>Make coffee.</p>',
    descriptionSnippet: 'Make coffee.',
    requirements: null,
    location: 'Kigali',
    jobType: 'Full-time',
    salaryRange: null,
    closingDate: null,
    isActive: true,
    postedDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...fields,
  };
}
