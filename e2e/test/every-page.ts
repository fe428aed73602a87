/**
 * Every page of every role, with real ids from the demo data: the pages the accessibility journey walks and the
 * tap-target script checks.
 */
export type Role = 'visitor' | 'graduate' | 'trainee' | 'admin' | 'trainer' | 'employer';

/** The ids the pages need: a course, a job, a graduate's certificate, an enrollment, a user, a posting, a student. */
export interface DemoIds {
  course: number;
  job: number;
  certificateCode: string;
  enrollment: number;
  user: number;
  posting: number;
  student: number;
}

export function everyPageOf(ids: DemoIds): Record<Role, string[]> {
  return {
    visitor: [
      '/',
      '/courses',
      `/courses/${ids.course}`,
      '/jobs',
      `/jobs/${ids.job}`,
      '/about',
      '/contact',
      '/rwanda-coffee-experience',
      '/privacy-policy',
      '/terms-of-service',
      `/verify/${ids.certificateCode}`,
      '/login',
      '/register',
      '/employer/register',
      '/forgot-password',
      '/no-such-page',
    ],
    graduate: ['/dashboard', `/certificate/${ids.certificateCode}`, '/profile', `/jobs/${ids.job}/apply`],
    trainee: ['/dashboard', '/apply-for-course', '/profile'],
    admin: [
      '/admin/dashboard',
      '/admin/messages',
      '/admin/outbox',
      '/admin/releases',
      '/admin/users',
      '/admin/users/new',
      `/admin/users/edit/${ids.user}`,
      '/admin/enrollments',
      `/admin/enrollments/${ids.enrollment}/assign-trainer`,
      `/admin/enrollments/${ids.enrollment}/progress`,
      '/admin/courses',
      '/admin/courses/new',
      `/admin/courses/edit/${ids.course}`,
      '/admin/jobs',
      `/admin/jobs/${ids.posting}/applications`,
      '/admin/analytics',
      '/admin/settings',
    ],
    trainer: [
      '/trainer/dashboard',
      '/trainer/assigned-students',
      `/trainer/student-progress/${ids.student}`,
      '/trainer/profile',
    ],
    employer: [
      '/employer/dashboard',
      '/employer/find-talent',
      '/employer/my-jobs',
      '/employer/post-job',
      `/employer/jobs/edit/${ids.posting}`,
      `/employer/jobs/${ids.posting}/applicants`,
      '/employer/profile',
    ],
  };
}
