/**
 * The one map of the platform's pages. Route tables read the patterns, links and redirects call the
 * builders, so a page moves in one place and a link to a page that does not exist does not compile.
 *
 * A page without parameters is its path (`paths.courses`); a page with one is a builder that fills and encodes
 * it (`paths.course(5)` → `/courses/5`) and keeps its pattern for route tables (`paths.course.pattern`).
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Value = string | number;
/** One value per parameter of the pattern, in its order (every page has at most one today). */
type Values<P extends string> = [ParamNames<P>] extends [never] ? [] : [Value];

export interface PageWithParams<P extends string> {
  (...values: Values<P>): string;
  readonly pattern: P;
}

function withParams<P extends string>(pattern: P): PageWithParams<P> {
  const build = (...values: Value[]) => {
    let i = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[i++])));
  };
  return Object.assign(build, { pattern });
}

export const paths = {
  // Visitors (the public area, rendered on the server).
  home: '/',
  courses: '/courses',
  course: withParams('/courses/:id'),
  experience: '/rwanda-coffee-experience',
  jobs: '/jobs',
  job: withParams('/jobs/:jobId'),
  about: '/about',
  contact: '/contact',
  login: '/login',
  register: '/register',
  employerRegister: '/employer/register',
  forgotPassword: '/forgot-password',
  resetPassword: withParams('/reset-password/:token'),
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  verify: withParams('/verify/:certificateCode'),

  // Trainees.
  dashboard: '/dashboard',
  applyForCourse: '/apply-for-course',
  applyForJob: withParams('/jobs/:jobId/apply'),
  certificate: withParams('/certificate/:certificateCode'),
  profile: '/profile',

  admin: {
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
  },

  trainer: {
    dashboard: '/trainer/dashboard',
    assignedStudents: '/trainer/assigned-students',
    profile: '/trainer/profile',
    studentProgress: withParams('/trainer/student-progress/:applicationId'),
  },

  employer: {
    dashboard: '/employer/dashboard',
    findTalent: '/employer/find-talent',
    myJobs: '/employer/my-jobs',
    postJob: '/employer/post-job',
    profile: '/employer/profile',
    editJob: withParams('/employer/jobs/edit/:jobId'),
    applicants: withParams('/employer/jobs/:jobId/applicants'),
  },
} as const;

/** The route pattern of a page: its path, or the pattern of a page with parameters. */
export const patternOf = (page: string | PageWithParams<string>) => (typeof page === 'string' ? page : page.pattern);

/** A route path inside an area's own <Routes>: the pattern without its leading slash ("admin/users"). */
export const routePath = (page: string | PageWithParams<string>) => patternOf(page).slice(1);
