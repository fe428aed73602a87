import { withParams } from './page';

/** The trainees' pages (the trainee area). */
export const traineePaths = {
  dashboard: '/dashboard',
  applyForCourse: '/apply-for-course',
  applyForJob: withParams('/jobs/:jobId/apply'),
  certificate: withParams('/certificate/:certificateCode'),
  profile: '/profile',
} as const;
