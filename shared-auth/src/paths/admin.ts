import { withParams } from './page';

/** The admins' panel (the admin area). */
export const adminPaths = {
  dashboard: '/admin/dashboard',
  messages: '/admin/messages',
  outbox: '/admin/outbox',
  releases: '/admin/releases',
  users: '/admin/users',
  newUser: '/admin/users/new',
  editUser: withParams('/admin/users/edit/:userId'),
  enrollments: '/admin/enrollments',
  assignTrainer: withParams('/admin/enrollments/:applicationId/assign-trainer'),
  enrollmentProgress: withParams('/admin/enrollments/:applicationId/progress'),
  courses: '/admin/courses',
  newCourse: '/admin/courses/new',
  editCourse: withParams('/admin/courses/edit/:courseId'),
  jobs: '/admin/jobs',
  jobApplications: withParams('/admin/jobs/:jobId/applications'),
  analytics: '/admin/analytics',
  settings: '/admin/settings',
} as const;
