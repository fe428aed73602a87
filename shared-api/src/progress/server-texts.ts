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
  /*i18n*/ { id: 'validation.assessmentNameRequired', message: 'Assessment name is required.' },
  /*i18n*/ { id: 'validation.scoreNotNumber', message: 'Score must be a valid number.' },
  /*i18n*/ { id: 'validation.maxScoreNotNumber', message: 'Max Score must be a valid number.' },
  /*i18n*/ { id: 'validation.scoreAboveMax', message: 'Score cannot be greater than Max Score.' },
  /*i18n*/ { id: 'validation.maxScoreNegative', message: 'Max Score cannot be negative.' },
  /*i18n*/ { id: 'validation.scoreNegative', message: 'Score cannot be negative.' },
  // fallback
  /*i18n*/ { id: 'fallback.fetchProgress', message: 'Failed to fetch progress records.' },
  /*i18n*/ { id: 'fallback.saveProgress', message: 'Failed to save progress record.' },
  /*i18n*/ { id: 'fallback.deleteProgress', message: 'Failed to delete progress record.' },
  // notice
  /*i18n*/ { id: 'notice.progressAdded', message: 'Progress record added.' },
  /*i18n*/ { id: 'notice.progressUpdated', message: 'Progress record updated.' },
  /*i18n*/ { id: 'notice.progressDeleted', message: 'Progress record deleted.' },
];
