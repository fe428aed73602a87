import { desc } from 'drizzle-orm';
import { coded } from '@btls/shared-api/codes';
import {
  contactMessageSchema,
  contactPayloadSchema,
  messageAnswerSchema,
  pageQuerySchema,
} from '@btls/shared-api/schemas';
import type { Deps } from '../deps';
import { answers, type Api } from '../http/contract';
import { contactMessages } from '../db/schema';
import { countAll, searchAny, setPageHeaders } from '../http/paging';
import { toContactMessage } from '../serialize';

export function contactRoutes(app: Api, { db, auth, notify, limiters }: Deps) {
  /** Anyone may write; limited per client address so the inbox cannot be flooded. Admins are e-mailed. */
  app.post(
    '/contact',
    {
      schema: {
        summary: 'Send a message to the training centre (rate-limited per address).',
        body: contactPayloadSchema,
        response: answers({ 201: messageAnswerSchema }, [429]),
      },
    },
    async (request, reply) => {
      const payload = request.body;
      await limiters.contactIp.enforce(request.ip);
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(payload);
        await notify.contactMessage(tx, payload);
      });
      reply.status(201);
      return coded('notice.contactReceived');
    },
  );

  /** The admin inbox, newest first, a page at a time; `q` searches name, e-mail, subject and message. */
  app.get(
    '/contact',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'The admin inbox, newest first (paged).',
        querystring: pageQuerySchema,
        response: answers({ 200: contactMessageSchema.array() }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const where = searchAny(query.q, [
        contactMessages.name,
        contactMessages.email,
        contactMessages.subject,
        contactMessages.message,
      ]);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: countAll }).from(contactMessages).where(where),
      ]);
      setPageHeaders(request, reply, query, rows.length, counted?.total ?? 0);
      return rows.map(toContactMessage);
    },
  );
}
