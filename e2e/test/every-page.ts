/**
 * Every page of every role, with real ids from the demo data: the pages the accessibility journey walks and the
 * tap-target script checks.
 */
export type Role = 'visitor' | 'console' | 'graduate' | 'trainee' | 'admin' | 'trainer' | 'employer';

/** A GET of the site's API as the test or script makes it, with the bearer token when given. */
type Get = (path: string, token?: string) => Promise<{ id: number; certificateCode: string }[]>;

/**
 * Every page of every role (an admin's, and the console's own pages a visitor of it sees, on the admin console's
 * origin, the others' on the site's), with the ids of the demo data's first course, job, graduate's certificate,
 * enrollment, user, posting and student, read with the staff's and the graduate's tokens.
 */
export async function everyPage(
  get: Get,
  tokens: { admin: string; trainer: string; graduate: string; employer: string },
): Promise<Record<Role, string[]>> {
  const [[course], [job], [certificate], [enrollment], [user], [posting], [student]] = await Promise.all([
    get('/courses'),
    get('/jobs'),
    get('/certificates/user', tokens.graduate),
    get('/enrollments', tokens.admin),
    get('/users', tokens.admin),
    get('/jobs/my-postings', tokens.employer),
    get('/enrollments/my-assigned-trainings', tokens.trainer),
  ]);
  return {
    visitor: [
      '/',
      '/courses',
      `/courses/${course?.id}`,
      '/jobs',
      `/jobs/${job?.id}`,
      '/about',
      '/contact',
      '/rwanda-coffee-experience',
      '/privacy-policy',
      '/terms-of-service',
      '/verify',
      `/verify/${certificate?.certificateCode}`,
      '/login',
      '/register',
      '/employer/register',
      '/forgot-password',
      '/no-such-page',
    ],
    // The console's own pages, before signing in there (the shell's, not the admin area's).
    console: ['/login', '/forgot-password', '/reset-password', '/no-such-page'],
    graduate: ['/dashboard', `/certificate/${certificate?.certificateCode}`, '/profile', `/jobs/${job?.id}/apply`],
    trainee: ['/dashboard', '/apply-for-course', '/profile'],
    admin: [
      '/admin/dashboard',
      '/admin/messages',
      '/admin/outbox',
      '/admin/releases',
      '/admin/users',
      '/admin/users/new',
      `/admin/users/edit/${user?.id}`,
      '/admin/enrollments',
      `/admin/enrollments/${enrollment?.id}/assign-trainer`,
      `/admin/enrollments/${enrollment?.id}/progress`,
      '/admin/courses',
      '/admin/courses/new',
      `/admin/courses/edit/${course?.id}`,
      '/admin/jobs',
      `/admin/jobs/${posting?.id}/applications`,
      '/admin/analytics',
      '/admin/settings',
    ],
    trainer: [
      '/trainer/dashboard',
      '/trainer/assigned-students',
      `/trainer/student-progress/${student?.id}`,
      '/trainer/profile',
    ],
    employer: [
      '/employer/dashboard',
      '/employer/find-talent',
      '/employer/my-jobs',
      '/employer/post-job',
      `/employer/jobs/edit/${posting?.id}`,
      `/employer/jobs/${posting?.id}/applicants`,
      '/employer/profile',
    ],
  };
}
