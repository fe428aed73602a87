/**
 * The texts of the courses resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../constants';
import { courseValidation, courseFallback } from './texts';

export const courseNotices = {
  courseAdded: ({ title }: { title: string }) => `Course "${title}" added successfully.`,
  courseUpdated: ({ title }: { title: string }) => `Course "${title}" updated successfully.`,
  courseDeleted: 'Course deleted successfully.',
} as const;

export const course = {
  notFound: 'Course not found.',
  notFoundById: ({ id }: { id: number }) => `Course with ID ${id} not found.`,
  invalidId: 'Invalid course ID.',
  notOpen: 'This course is not open for applications.',
  hasHistory: 'This course has applications or certificates and cannot be deleted. Deactivate it instead.',
  categoryOneOf: `Category must be one of: ${COURSE_CATEGORIES.join(', ')}.`,
  levelOneOf: `Level must be one of: ${COURSE_LEVELS.join(', ')}.`,
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = {
  validation: courseValidation,
  fallback: courseFallback,
  course,
  notice: courseNotices,
} as const;
