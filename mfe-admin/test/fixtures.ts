// The contract's example answers, with this area's defaults.
import { aCourse, anEnrollment, aUser } from '@btls/shared-api/fixtures';
import type { Course, Enrollment } from '@btls/shared-api/schemas';

export const user = aUser;
export const enrollment = (fields: Partial<Enrollment> = {}) =>
  anEnrollment({ courseTitle: 'Espresso Fundamentals', ...fields });
export const course = (fields: Partial<Course> = {}) =>
  aCourse({ category: 'Latte Art', trainingCenter: null, duration: null, price: '0', ...fields });
