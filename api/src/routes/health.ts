import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app';

/** How long the health check waits for the database before saying it is not answering. */
export const HEALTH_TIMEOUT_MS = 2_000;

export function healthRoutes(app: FastifyInstance, { database }: Deps) {
  /** 200 when the database answers, 503 when it does not, or not within HEALTH_TIMEOUT_MS (a stuck pool). */
  app.get('/health', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('timeout')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([database.ping(), timeout]);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ message: 'The database is not answering.' });
    } finally {
      clearTimeout(timer);
    }
  });
}
