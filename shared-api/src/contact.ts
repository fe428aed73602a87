import { call } from './client';
import { fallback } from './messages';
import type { ContactMessage, ContactPayload, MessageAnswer } from './schemas';

export function sendContactMessage(payload: ContactPayload): Promise<MessageAnswer> {
  return call({ method: 'post', path: 'contact', auth: { bearer: 'none' }, json: payload, fallback: () => fallback.contact });
}

/** The admin inbox, newest first. */
export function listContactMessages(): Promise<ContactMessage[]> {
  return call({
    method: 'get',
    path: 'contact',
    auth: { bearer: 'required', missingToken: fallback.jobNotAuthorized },
    fallback: fallback.httpError,
  });
}
