/**
 * Where browsers report an area's loads, what broke and how fast it was (the shell sends it with
 * `navigator.sendBeacon`): no sign-in, a small body, a share per client address, and each part counted only with
 * its load ticket (releases/client-reports.ts); the answer says nothing a page would act on.
 */
import { z } from 'zod';
import { clientReportSchema } from '@btls/shared-api/schemas';
import { answers, type Api } from '../http/contract';
import type { ClientReports } from '../releases/client-reports';
import type { RateLimiter } from '../rate-limit';

/** A report is a few hundred bytes: ten loads and ten errors at their longest stay under this. */
const MAX_REPORT_BYTES = 16 * 1024;

export function clientErrorRoutes(app: Api, reports: ClientReports, limit: RateLimiter) {
  app.post(
    '/client-errors',
    {
      bodyLimit: MAX_REPORT_BYTES,
      // Counted before the body is read: a flood of malformed reports spends the share like any other.
      preValidation: (request) => limit.enforce(request.ip),
      schema: {
        summary:
          "A browser's report of an area's page loads, what broke (the federation's load phases, a render, an unhandled rejection) and the page's speed (LCP, INP, CLS), per area version, each with the load ticket its page or map of areas came with. No sign-in; limited per client address.",
        body: clientReportSchema,
        response: answers(
          {
            202: z.object({ loads: z.number(), errors: z.number(), speed: z.number() }).meta({
              description:
                'What was counted: loads, errors and speed figures whose load ticket held, each ticket once (the rest is dropped and counted by reason).',
            }),
          },
          [429],
        ),
      },
    },
    async (request, reply) => {
      const counted = await reports.record(request.body, request.headers.cookie, request.ip);
      reply.status(202);
      return counted;
    },
  );
}
