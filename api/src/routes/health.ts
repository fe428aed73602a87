import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app';

export function healthRoutes(app: FastifyInstance, { database }: Deps) {
  /** 200 when the database answers, 503 when it does not. */
  app.get('/health', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ message: 'The database is not answering.' });
    }
  });
}
