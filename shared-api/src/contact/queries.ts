import { listContactMessagesPage } from './calls';
import { paged } from '../query-helpers';

export const contactKeys = {
  contactMessages: ['contact-messages'] as const,
};

export const pagedContactMessages = /* @__PURE__ */ paged(contactKeys.contactMessages, listContactMessagesPage);
