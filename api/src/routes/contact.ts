import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactPayloadSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { contactMessages } from '../db/schema';
import { HttpError, parse } from '../http/errors';
import { toContactMessage } from '../serialize';

export function contactRoutes(app: FastifyInstance, { db, auth, notify, limiters }: Deps) {
  /** Anyone may write; limited per client address so the inbox cannot be flooded. Admins are e-mailed. */
  app.post('/contact', async (request, reply) => {
    const payload = parse(contactPayloadSchema, request.body);
    if (!limiters.contactIp.hit(request.ip)) {
      reply.header('Retry-After', String(limiters.contactIp.retryAfter(request.ip)));
      throw new HttpError(429, 'Too many messages from your connection. Please try again later.');
    }
    await db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(payload);
      await notify.contactMessage(tx, payload);
    });
    reply.status(201);
    return { message: 'Your message has been received.' };
  });

  /** The admin inbox, newest first. */
  app.get('/contact', async (request) => {
    await auth.require(request, ['admin']);
    const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    return rows.map(toContactMessage);
  });
}
