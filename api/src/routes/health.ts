import { z } from 'zod';
import { coded } from '@btls/shared-api/codes';
import type { Deps } from '../deps';
import { answers, type Api } from '../http/contract';

/** How long the health check waits for the database before saying it is not answering. */
export const HEALTH_TIMEOUT_MS = 2_000;

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export function healthRoutes(app: Api, { database }: Deps) {
  /** 200 when the database answers, 503 when it does not, or not within HEALTH_TIMEOUT_MS (a stuck pool). */
  app.get(
    '/health',
    { schema: { summary: 'Whether the API and its database answer.', response: answers({ 200: healthSchema }) } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error('timeout')), HEALTH_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.ping(), timeout]);
        return { status: 'ok' as const, database: database.kind };
      } catch {
        return reply.status(503).send(coded('request.databaseDown'));
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
