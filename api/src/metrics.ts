/**
 * What an operator watches, in Prometheus's text format at GET /metrics (prom-client): the
 * requests' latency by route and status, the database pool, the e-mail outbox, the server renders and their
 * fallbacks, rate-limit refusals and failed logins, and the process's own figures (memory, event loop lag).
 * One registry per app, so two instances in one test process count apart.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { coded } from '@btls/shared-api/codes';
import type { Database } from './db/client';

export interface Metrics {
  registry: Registry;
  /** A server render's time by outcome: `rendered`, or `fallback` (it failed or took too long: the browser renders). */
  renders: Histogram<'outcome'>;
  /** A request refused by a rate limit (429), by limiter. */
  rateLimitRefusals: Counter<'limit'>;
  /** A sign-in refused for a wrong e-mail or password. */
  loginsFailed: Counter;
  /** What browsers reported breaking, by area, version and phase (client-errors.ts). */
  clientErrors: Counter<'area' | 'version' | 'phase'>;
  /** Page loads of each area version that browsers reported: with the errors, a rate. */
  areaLoads: Counter<'area' | 'version'>;
  /** Rollouts the rule stopped on its own, by area. */
  automaticRollbacks: Counter<'area'>;
  /** Reports (or parts of one) not counted, by why (releases/load-tickets.ts). */
  clientReportsRejected: Counter<'reason'>;
  /** Rollouts grown to their next share on their own. */
  rolloutStages: Counter<'area'>;
  /** Field speed of each area version, one observation per page load. */
  lcp: Histogram<'area' | 'version'>;
  inp: Histogram<'area' | 'version'>;
  cls: Histogram<'area' | 'version'>;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this instance by state (PGlite: one, in use while a query runs).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'outbox_emails',
    help: 'E-mails in the outbox by status: pending (to send or retry), failed (gave up), sent.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // A database that does not answer must not take the whole scrape down with it: the last figures stay.
      let result;
      try {
        result = await database.db.execute(sql`select status, count(*)::int as count from outbox group by status`);
      } catch {
        return;
      }
      const counts = new Map(
        (result as unknown as { rows: { status: string; count: number }[] }).rows.map((r) => [r.status, r.count]),
      );
      for (const status of ['pending', 'failed', 'sent']) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  return {
    registry,
    renders: new Histogram({
      name: 'server_render_duration_seconds',
      help: 'Server renders of public pages by outcome: rendered, or fallback (failed or too slow; the browser renders).',
      labelNames: ['outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 6],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by limiter.',
      labelNames: ['limit'],
      registers: [registry],
    }),
    loginsFailed: new Counter({
      name: 'logins_failed_total',
      help: 'Sign-ins refused for a wrong e-mail or password.',
      registers: [registry],
    }),
    clientErrors: new Counter({
      name: 'client_errors_total',
      help: "Errors browsers reported in an area, by area, version and phase (remotes, entry, init, expose: the area's load; render; rejection).",
      labelNames: ['area', 'version', 'phase'],
      registers: [registry],
    }),
    areaLoads: new Counter({
      name: 'area_loads_total',
      help: 'Page loads of an area version that browsers reported (the denominator of its error rate).',
      labelNames: ['area', 'version'],
      registers: [registry],
    }),
    clientReportsRejected: new Counter({
      name: 'client_reports_rejected_total',
      help: 'Parts of browser reports not counted, by reason: missing, forged, expired or replayed ticket, a ticket of another version, bucket or browser.',
      labelNames: ['reason'],
      registers: [registry],
    }),
    rolloutStages: new Counter({
      name: 'release_rollout_stages_total',
      help: 'Staged rollouts grown to their next share on their own (a last stage of 100% promotes), by area.',
      labelNames: ['area'],
      registers: [registry],
    }),
    lcp: new Histogram({
      name: 'web_vitals_lcp_seconds',
      help: 'Largest Contentful Paint of page loads on browsers, by the area and version whose page it was.',
      labelNames: ['area', 'version'],
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
      registers: [registry],
    }),
    inp: new Histogram({
      name: 'web_vitals_inp_seconds',
      help: 'Interaction to Next Paint of page loads on browsers (the slowest answer to a tap), by area and version.',
      labelNames: ['area', 'version'],
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
      registers: [registry],
    }),
    cls: new Histogram({
      name: 'web_vitals_cls',
      help: 'Cumulative Layout Shift of page loads on browsers, by area and version.',
      labelNames: ['area', 'version'],
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
    automaticRollbacks: new Counter({
      name: 'release_automatic_rollbacks_total',
      help: "Rollouts stopped by the rule because their error rate passed the active version's by the margin.",
      labelNames: ['area'],
      registers: [registry],
    }),
  };
}

/**
 * Times every request by its route's pattern (never the raw path: ids would make a series each) and status,
 * and serves GET /metrics, only to `Authorization: Bearer <token>` when a token is set.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  // Behind its token always (no token configured: nobody reads them): what the metrics tell (routes, counts, what
  // areas report) is for the operator, and whatever can reach this server's port is not only the operator.
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.status(401).header('www-authenticate', 'Bearer').send(coded('session.notLoggedIn'));
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
