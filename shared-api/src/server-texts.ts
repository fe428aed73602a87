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
  /*i18n*/ { id: 'validation.requiredFields', message: 'Please fill in all required fields.' },
  /*i18n*/ { id: 'validation.invalidEmail', message: 'Please enter a valid email address.' },
  /*i18n*/ { id: 'validation.onlyNumbers', message: 'Field cannot contain only numbers.' },
  /*i18n*/ { id: 'validation.imageTooLarge', message: 'File is too large. Max size is 5MB.' },
  /*i18n*/ { id: 'validation.imageInvalidType', message: 'Invalid file type. Please upload an image.' },
  /*i18n*/ { id: 'validation.noToken', message: 'Not authorized: No token provided.' },
  /*i18n*/ { id: 'validation.notADate', message: 'Must be a date (YYYY-MM-DD).' },
  /*i18n*/ { id: 'validation.noSession', message: 'Authentication token not found.' },
  // fallback
  /*i18n*/ {
    id: 'fallback.network',
    message: 'Could not reach the server. Please check your connection and try again.',
  },
  /*i18n*/ {
    id: 'fallback.notSavedOffline',
    message: 'You are offline, and this was not saved on this phone. It will show once you are back online.',
  },
  /*i18n*/ {
    id: 'fallback.notSentOffline',
    message: 'Not sent: you are offline. What you wrote is kept on this phone; send it again once you are back online.',
  },
  /*i18n*/ { id: 'fallback.httpError', message: 'HTTP error! status: {status}' },
  // request
  /*i18n*/ { id: 'request.notAnObject', message: 'The request body must be a JSON object.' },
  /*i18n*/ { id: 'request.nestedTooDeeply', message: 'The request body is nested too deeply.' },
  /*i18n*/ { id: 'request.invalidJson', message: 'The request body is not valid JSON.' },
  /*i18n*/ { id: 'request.bodyTooLarge', message: 'The request body is too large (at most 1 MB).' },
  /*i18n*/ {
    id: 'request.unsupportedMediaType',
    message: 'Unsupported content type. Send JSON (or a multipart form where a file is expected).',
  },
  /*i18n*/ { id: 'request.tooManyParts', message: 'Too many parts in the form.' },
  /*i18n*/ { id: 'request.lengthMismatch', message: 'The request body does not match its declared length.' },
  /*i18n*/ { id: 'request.tooLarge', message: 'The request is too large.' },
  /*i18n*/ { id: 'request.badRequest', message: 'Bad request.' },
  /*i18n*/ { id: 'request.invalidData', message: 'Some of the data sent is not valid.' },
  /*i18n*/ { id: 'request.changedMeanwhile', message: 'The data changed meanwhile. Please reload and try again.' },
  /*i18n*/ { id: 'request.serviceBusy', message: 'The service is busy right now. Please try again in a moment.' },
  /*i18n*/ { id: 'request.databaseDown', message: 'The database is not answering.' },
  /*i18n*/ {
    id: 'request.idempotencyKeyInvalid',
    message: 'Idempotency-Key must be 1 to 200 letters, digits, dots, dashes, colons or underscores.',
  },
  /*i18n*/ {
    id: 'request.idempotencyKeyReused',
    message: 'This Idempotency-Key was already used for a different request.',
  },
  /*i18n*/ {
    id: 'request.idempotencyInProgress',
    message: 'The same request is still being processed. Please try again in a moment.',
  },
  /*i18n*/ { id: 'request.serverError', message: 'Something went wrong on our side. Please try again.' },
  /*i18n*/ { id: 'request.noSuchEndpoint', message: 'No such API endpoint: {method} {path}' },
  /*i18n*/ { id: 'request.notText', message: 'Must be text.' },
  /*i18n*/ { id: 'request.textTooLong', message: 'Must be at most {max} characters.' },
  /*i18n*/ { id: 'request.notBoolean', message: 'Must be true or false.' },
  /*i18n*/ { id: 'request.invalidId', message: 'Invalid ID.' },
  /*i18n*/ { id: 'request.queryNotText', message: 'q must be text.' },
  /*i18n*/ { id: 'request.searchTooLong', message: 'Search text must be at most 200 characters.' },
  /*i18n*/ { id: 'request.activeOrInactive', message: 'status must be active or inactive.' },
  /*i18n*/ { id: 'request.locationNotText', message: 'location must be text.' },
  /*i18n*/ { id: 'request.limitNotWhole', message: 'limit must be a whole number of at least 1.' },
  /*i18n*/ { id: 'request.offsetNotWhole', message: 'offset must be a whole number of at least 0.' },
  // image
  /*i18n*/ { id: 'image.notFound', message: 'Image not found.' },
  /*i18n*/ { id: 'image.noLongerStored', message: 'This image is no longer stored. Please upload it again.' },
  // limit
  /*i18n*/ {
    id: 'limit.tooManyLogins',
    message: 'Too many login attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  /*i18n*/ { id: 'limit.tooManySignups', message: 'Too many sign-ups from your connection. Please try again later.' },
  /*i18n*/ { id: 'limit.tooManyMessages', message: 'Too many messages from your connection. Please try again later.' },
  /*i18n*/ {
    id: 'limit.tooManyJobPosts',
    message:
      'You have posted many jobs in a short time. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
];
