import { call, callPage, listQuery, type Page, type PageParams } from '../client';
import { session } from '../auth/texts';
import { fallback } from '../texts';
import { contactFallback } from './texts';
import type { ContactMessage, ContactPayload, MessageAnswer } from '../schemas';

export function sendContactMessage(payload: ContactPayload): Promise<MessageAnswer> {
  return call({
    operation: 'POST /contact',
    path: 'contact',
    auth: { bearer: 'none' },
    json: payload,
    fallback: () => contactFallback.contact,
  });
}

/** The admin inbox, newest first, a page at a time. */
export function listContactMessages(params?: PageParams): Promise<ContactMessage[]> {
  return call({
    operation: 'GET /contact',
    path: 'contact',
    auth: { bearer: 'required', missingToken: session.notLoggedIn },
    searchParams: listQuery(params),
    fallback: fallback.httpError,
  });
}

export function listContactMessagesPage(params?: PageParams): Promise<Page<ContactMessage>> {
  return callPage({
    operation: 'GET /contact',
    path: 'contact',
    auth: { bearer: 'required', missingToken: session.notLoggedIn },
    searchParams: listQuery(params),
    fallback: fallback.httpError,
  });
}
