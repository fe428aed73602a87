/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // validation
  /*i18n*/ { id: 'validation.courseAddRequired', message: 'Required fields: Title, Description, Category, Level.' },
  /*i18n*/ {
    id: 'validation.courseEditRequired',
    message: 'Please fill in all required fields: Title, Description, Category, Level.',
  },
  /*i18n*/ { id: 'validation.invalidImageUrl', message: 'Image URL must be a valid URL.' },
  /*i18n*/ {
    id: 'validation.translationNeedsTitle',
    message: 'Write the title in this language too, or leave this language empty.',
  },
  /*i18n*/ {
    id: 'validation.translationNeedsDescription',
    message: 'Write the description in this language too, or leave this language empty.',
  },
  /*i18n*/ { id: 'validation.contentLanguageOneOf', message: 'The language must be one of: en, fr, rw.' },
  // fallback
  /*i18n*/ { id: 'fallback.fetchCourses', message: 'Failed to fetch courses. Status: {status}' },
  /*i18n*/ { id: 'fallback.addCourse', message: 'Failed to add course. Status: {status}' },
  /*i18n*/ { id: 'fallback.updateCourse', message: 'Failed to update course. Status: {status}' },
  /*i18n*/ { id: 'fallback.deleteCourse', message: 'Failed to delete course. Status: {status}' },
  /*i18n*/ { id: 'fallback.fetchCourse', message: 'Failed to fetch course {id}. Status: {status}' },
  /*i18n*/ { id: 'fallback.courseIdMissing', message: 'Course ID is missing.' },
  // course
  /*i18n*/ { id: 'course.notFound', message: 'Course not found.' },
  /*i18n*/ { id: 'course.notFoundById', message: 'Course with ID {id} not found.' },
  /*i18n*/ { id: 'course.invalidId', message: 'Invalid course ID.' },
  /*i18n*/ { id: 'course.notOpen', message: 'This course is not open for applications.' },
  /*i18n*/ {
    id: 'course.hasHistory',
    message: 'This course has applications or certificates and cannot be deleted. Deactivate it instead.',
  },
  /*i18n*/ {
    id: 'course.categoryOneOf',
    message: 'Category must be one of: Brewing Techniques, Latte Art, Coffee Knowledge, Service Skills, Management.',
  },
  /*i18n*/ { id: 'course.levelOneOf', message: 'Level must be one of: Beginner, Intermediate, Advanced, All Levels.' },
  // notice
  /*i18n*/ { id: 'notice.courseAdded', message: 'Course "{title}" added successfully.' },
  /*i18n*/ { id: 'notice.courseUpdated', message: 'Course "{title}" updated successfully.' },
  /*i18n*/ { id: 'notice.courseDeleted', message: 'Course deleted successfully.' },
];
