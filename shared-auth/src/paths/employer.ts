import { withParams } from './page';

/** The employers' panel (the employer area). */
export const employerPaths = {
  dashboard: '/employer/dashboard',
  findTalent: '/employer/find-talent',
  myJobs: '/employer/my-jobs',
  postJob: '/employer/post-job',
  profile: '/employer/profile',
  editJob: withParams('/employer/jobs/edit/:jobId'),
  applicants: withParams('/employer/jobs/:jobId/applicants'),
} as const;
