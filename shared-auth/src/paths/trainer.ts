import { withParams } from './page';

/** The trainers' panel (the trainer area). */
export const trainerPaths = {
  dashboard: '/trainer/dashboard',
  assignedStudents: '/trainer/assigned-students',
  profile: '/trainer/profile',
  studentProgress: withParams('/trainer/student-progress/:applicationId'),
} as const;
