/**
 * The texts beside this file, as descriptors for the shared texts' catalogue: `errorMessage()` and
 * `noticeText()` show an answer's text in the page's language by its `code`. Written by scripts/server-texts.mjs
 * (do not edit: change the texts, then `npm run i18n`): the id of each is the code (`<group>.<key>`), its
 * message the English text in ICU form, with `{name}` for a parameter and a plural where the English has one.
 * The catalogue check (`npm run lint`) fails on a missing French or Kinyarwanda translation. Nothing imports
 * this file: it is read by the extractor.
 */
export const SERVER_TEXTS = [
  // outbox
  /*i18n*/ { id: 'outbox.notFound', message: 'Message not found.' },
  /*i18n*/ { id: 'outbox.invalidId', message: 'Invalid message ID.' },
  /*i18n*/ { id: 'outbox.statusOneOf', message: 'Status must be one of: pending, sent, failed.' },
  /*i18n*/ { id: 'outbox.limitRange', message: 'limit must be a number from 1 to 200.' },
  /*i18n*/ { id: 'outbox.onlyFailedRetried', message: 'Only a failed e-mail can be retried.' },
  // notice
  /*i18n*/ { id: 'notice.emailRetried', message: 'The e-mail will be sent again.' },
];
