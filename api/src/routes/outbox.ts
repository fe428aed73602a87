import { and, desc, eq, sql } from 'drizzle-orm';
import { coded } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { z } from 'zod';
import { noticeFields, OUTBOX_STATUSES, outboxMessageSchema, type OutboxMessage } from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { answers, idParams, type Api } from '../http/contract';
import { outbox } from '../db/schema';
import { conflict, notFound } from '../http/errors';

const listQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: texts.outbox.statusOneOf }).optional(),
  limit: z.coerce
    .number({ error: texts.outbox.limitRange })
    .int(texts.outbox.limitRange)
    .min(1, texts.outbox.limitRange)
    .max(200, texts.outbox.limitRange)
    .default(100),
});

function toOutboxMessage(row: typeof outbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.text,
    status: row.status as OutboxMessage['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The e-mails, for admins: without SMTP this is where they can be read; failed ones can be retried. */
const retryAnswer = z.object({ ...noticeFields, outboxMessage: outboxMessageSchema });

export function outboxRoutes(app: Api, { db, auth }: Deps) {
  app.get(
    '/admin/outbox',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The e-mails, newest first: pending, sent and failed.',
        querystring: listQuery,
        response: answers({ 200: outboxMessageSchema.array() }),
      },
    },
    async (request) => {
      // Without SMTP its e-mails hold live links (a password reset for any account, the admin's own included):
      // reading them is as dangerous as the actions behind them, so a session's proof must be recent.
      auth.requireRecentProof(request);
      const { status, limit } = request.query;
      const rows = await db
        .select()
        .from(outbox)
        .where(status ? eq(outbox.status, status) : undefined)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
      return rows.map(toOutboxMessage);
    },
  );

  /** A failed e-mail goes back to the queue with a fresh set of attempts. */
  app.post(
    '/admin/outbox/:id/retry',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Queue a failed e-mail again.',
        params: idParams('id', texts.outbox.invalidId),
        response: answers({ 200: retryAnswer }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const [retried] = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
        .returning();
      if (retried) return { ...coded('notice.emailRetried'), outboxMessage: toOutboxMessage(retried) };
      const [exists] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id)).limit(1);
      if (!exists) throw notFound(texts.outbox.notFound);
      throw conflict(texts.outbox.onlyFailedRetried);
    },
  );
}
