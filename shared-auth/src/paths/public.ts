import { withParams } from './page';

/** The visitors' pages (the public area, rendered on the server). */
export const publicPaths = {
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
  /** The e-mail's link brings its token in the fragment (`#token=…`), which no server, log or render sees. */
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  /** The box for a certificate's code (what a printed certificate names); `?code=` checks one without script. */
  certificateCheck: '/verify',
  verify: withParams('/verify/:certificateCode'),
  /**
   * A visitor's way to apply for a course: it names the course and leads with creating an account, signing in
   * beside it; either comes back to the course's application (where the guard sends a visitor).
   */
  enroll: withParams('/courses/:id/enroll'),
} as const;
