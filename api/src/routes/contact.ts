import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contactPayloadSchema } from '@btls/shared-api/schemas';
import type { Deps } from '../app';
import { contactMessages } from '../db/schema';
import { parse } from '../http/errors';
import { enforceLimit } from '../rate-limit';
import { toContactMessage } from '../serialize';

export function contactRoutes(app: FastifyInstance, { db, auth, limiters }: Deps) {
  /** Anyone may write; limited per client address so the inbox cannot be flooded. */
  app.post('/contact', async (request, reply) => {
    const payload = parse(contactPayloadSchema, request.body);
    await enforceLimit(limiters.contactIp, request.ip, reply, 'Too many messages from your connection. Please try again later.');
    await db.insert(contactMessages).values(payload);
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
