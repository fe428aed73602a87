import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { coded } from '@btls/shared-api/codes';
import type { Deps } from '../deps';
import { answers, type Api } from '../http/contract';
import { MIGRATIONS_FOLDER } from '../paths';

/** How long the health check waits for the database before saying it is not answering. */
export const HEALTH_TIMEOUT_MS = 2_000;

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const liveSchema = z.object({ status: z.literal('ok') });
const checksSchema = z.object({
  database: z.enum(['ok', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  draining: z.boolean(),
  /** Each operation an active area release calls that this build does not serve: `trainer 1.0.0+…: GET /x/:id`. */
  unservedOperations: z.array(z.string()),
  incompatibleOperations: z
    .array(z.string())
    .meta({ description: 'Operations an active release calls whose request or answer changed incompatibly, by field' }),
  incompatibleWithShell: z
    .array(z.string())
    .meta({ description: 'Active releases the served shell cannot run: a kernel name they use gone or changed' }),
});
const readySchema = z.object({ status: z.literal('ok'), checks: checksSchema });
const notReadySchema = z.object({ code: z.string(), message: z.string(), checks: checksSchema });

/** When this build's newest migration was written (drizzle records it as the migration's `created_at`). */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
};

export function healthRoutes(
  app: Api,
  { database, db, lifecycle, unservedOperations, incompatibleOperations, shellProblems }: Deps,
) {
  const newest = newestMigration();
  /** The database's answer within HEALTH_TIMEOUT_MS, or the failure (a stuck pool, a stopped server). */
  const withinDeadline = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('timeout')), HEALTH_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** 200 when the database answers, 503 when it does not, or not within HEALTH_TIMEOUT_MS (a stuck pool). */
  app.get(
    '/health',
    {
      schema: { summary: 'Whether the API and its database answer.', response: answers({ 200: healthSchema }, [503]) },
    },
    async (_request, reply) => {
      // A check of now: no cache (a browser's, a proxy's or a phone's service worker) keeps it.
      reply.header('Cache-Control', 'no-store');
      try {
        await withinDeadline(() => database.ping());
        return { status: 'ok' as const, database: database.kind };
      } catch {
        return reply.status(503).send(coded('request.databaseDown'));
      }
    },
  );

  // A liveness check (restart the process when it fails) apart from a readiness check (send it no
  // traffic while it fails), as load balancers and orchestrators ask.
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers (it touches nothing else).',
        response: answers({ 200: liveSchema }),
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary:
          'Readiness: the database answers, it holds every migration of this build, it serves every operation ' +
          'the active area releases call, and the instance is not shutting down. 503 with the checks otherwise.',
        response: answers({ 200: readySchema, 503: notReadySchema }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const checks: z.infer<typeof checksSchema> = {
        database: 'ok',
        migrations: 'unknown',
        draining: lifecycle.draining,
        unservedOperations: [],
        incompatibleOperations: [],
        incompatibleWithShell: [],
      };
      if (!checks.draining) {
        try {
          const found = await withinDeadline(() =>
            db.execute<{ done: boolean }>(
              sql`select exists (select 1 from drizzle.__drizzle_migrations where created_at >= ${newest}) as done`,
            ),
          );
          checks.migrations = (found as unknown as { rows: { done: boolean }[] }).rows[0]?.done ? 'done' : 'pending';
          checks.unservedOperations = await withinDeadline(unservedOperations);
          checks.incompatibleOperations = await withinDeadline(incompatibleOperations);
          checks.incompatibleWithShell = await withinDeadline(shellProblems);
        } catch {
          checks.database = 'down';
        }
      }
      if (
        !checks.draining &&
        checks.database === 'ok' &&
        checks.migrations === 'done' &&
        checks.unservedOperations.length === 0 &&
        checks.incompatibleOperations.length === 0 &&
        checks.incompatibleWithShell.length === 0
      )
        return { status: 'ok' as const, checks };
      const why = checks.database === 'down' ? 'request.databaseDown' : 'request.serviceBusy';
      return reply.status(503).send({ ...coded(why), checks });
    },
  );
}
