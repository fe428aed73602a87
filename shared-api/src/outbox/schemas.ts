/** The e-mail outbox, for admins. */
import { z } from 'zod';
import { OUTBOX_STATUSES } from '../constants';

export { OUTBOX_STATUSES };

export const outboxMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  recipient: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
