import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactPayloadSchema, pageQuerySchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { contactMessages } from '../db/schema';
import { parse } from '../http/errors';
import { countAll, searchAny, setPageHeaders } from '../http/paging';
import { enforceLimit } from '../rate-limit';
import { toContactMessage } from '../serialize';

export function contactRoutes(app: FastifyInstance, { db, auth, notify, limiters }: Deps) {
  /** Anyone may write; limited per client address so the inbox cannot be flooded. Admins are e-mailed. */
  app.post('/contact', async (request, reply) => {
    const payload = parse(contactPayloadSchema, request.body);
    await enforceLimit(limiters.contactIp, request.ip, reply, 'Too many messages from your connection. Please try again later.');
    await db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(payload);
      await notify.contactMessage(tx, payload);
    });
    reply.status(201);
    return { message: 'Your message has been received.' };
  });

  /** The admin inbox, newest first, a page at a time; `q` searches name, e-mail, subject and message. */
  app.get('/contact', async (request, reply) => {
    await auth.require(request, ['admin']);
    const query = parse(pageQuerySchema, request.query);
    const where = searchAny(query.q, [contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message]);
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
  });
}
