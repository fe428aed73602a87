/**
 * The texts of the courses resource that the browser shows from its own code (the forms' checks, the docs/product.md §8
 * fallbacks of its calls), each under its code `<group>.<key>`; the server answers with the same words.
 */
import { withCodes } from '../text-codes';

export const courseValidation = /* @__PURE__ */ withCodes('validation', {
  courseAddRequired: 'Required fields: Title, Description, Category, Level.',
  courseEditRequired: 'Please fill in all required fields: Title, Description, Category, Level.',
  invalidImageUrl: 'Image URL must be a valid URL.',
  // A course's or a job's texts in another language (docs/product.md §3, content languages).
  translationNeedsTitle: 'Write the title in this language too, or leave this language empty.',
  translationNeedsDescription: 'Write the description in this language too, or leave this language empty.',
  contentLanguageOneOf: 'The language must be one of: en, fr, rw.',
} as const);

export const courseFallback = /* @__PURE__ */ withCodes('fallback', {
  fetchCourses: (status: number) => `Failed to fetch courses. Status: ${status}`,
  addCourse: (status: number) => `Failed to add course. Status: ${status}`,
  updateCourse: (status: number) => `Failed to update course. Status: ${status}`,
  deleteCourse: (status: number) => `Failed to delete course. Status: ${status}`,
  fetchCourse: (id: number | string, status: number) => `Failed to fetch course ${id}. Status: ${status}`,
  courseIdMissing: 'Course ID is missing.',
} as const);
