/**
 * The texts of the outbox resource that only the server sends: they reach the browser as `{ message, code, params }` and
 * are shown by code, so no page carries their English. A text with parameters takes one object.
 */
import { OUTBOX_STATUSES } from '../constants';

export const outboxNotices = {
  emailRetried: 'The e-mail will be sent again.',
} as const;

/** The admin's e-mail outbox. */
export const outbox = {
  notFound: 'Message not found.',
  invalidId: 'Invalid message ID.',
  statusOneOf: `Status must be one of: ${OUTBOX_STATUSES.join(', ')}.`,
  limitRange: 'limit must be a number from 1 to 200.',
  onlyFailedRetried: 'Only a failed e-mail can be retried.',
} as const;

/** This part of the catalogue of codes, by group (messages.ts puts the parts together). */
export const catalogue = { outbox, notice: outboxNotices } as const;
