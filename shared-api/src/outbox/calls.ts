import { call, seg } from '../client';
import { account, session } from '../auth/texts';
import type { MessageAnswer, OutboxMessage } from '../schemas';

const admin = { bearer: 'required', missingToken: session.notLoggedIn } as const;

/** The e-mails the platform sent or will send, newest first (admins). */
export function listOutbox(): Promise<OutboxMessage[]> {
  return call({
    operation: 'GET /admin/outbox',
    path: 'admin/outbox',
    auth: admin,
    fallback: () => account.failedOutbox,
  });
}

/** Puts a failed e-mail back in the queue. */
export function retryOutboxMessage(id: number): Promise<MessageAnswer & { outboxMessage: OutboxMessage }> {
  return call({
    operation: 'POST /admin/outbox/:id/retry',
    path: `admin/outbox/${seg(id)}/retry`,
    auth: admin,
    fallback: () => account.failedRetry,
  });
}
