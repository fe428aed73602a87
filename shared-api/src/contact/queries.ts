import { listContactMessagesPage } from './calls';
import { paged } from '../query-helpers';
import { contactKeys } from './keys';

export const pagedContactMessages = /* @__PURE__ */ paged(contactKeys.contactMessages, listContactMessagesPage);
