/**
 * Running it as an operator would — health (live/ready), metrics, log lines with request ids and no
 * secret in them.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { outbox } from '../src/db/schema';
import type { Lifecycle } from '../src/deps';
import { JWT_SECRET, startApi, type TestApi } from './helpers';
import { eventually } from './eventually';

const SITE = 'https://btls.example.rw';
const METRICS_TOKEN = 'metrics-token-for-the-scraper-2026';

let api: TestApi;
const lifecycle: Lifecycle = { draining: false };
beforeAll(async () => {
  api = await startApi({
    lifecycle,
    metricsToken: METRICS_TOKEN,
    publicUrl: SITE,
    limits: { loginFailuresPerEmail: 2 },
    // The rollouts' judge reads the database every few seconds: its query must not be the one the pool's
    // "waiting" figure below catches.
    rollback: { everyMs: 3_600_000 },
  });
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

describe('health', () => {
  it('answers live while the process answers, and ready only with the database migrated and not draining', async () => {
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: {
        database: 'ok',
        migrations: 'done',
        draining: false,
        unservedOperations: [],
        incompatibleOperations: [],
        incompatibleWithShell: [],
      },
    });
    expect((await get('/api/health')).statusCode).toBe(200); // kept for what already watches it

    lifecycle.draining = true;
    try {
      const draining = await get('/api/health/ready');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: 'request.serviceBusy', checks: { draining: true } });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('is not ready while the database lacks a migration of this build', async () => {
    // Stand-in for a database another (older) build migrated: this build's newest migration is not recorded.
    const removed = await api.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const [newest] = (removed as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'ok', migrations: 'pending' } });
    await api.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`,
    );
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is refused without the bearer token, and answers Prometheus text with it', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}x` })).statusCode).toBe(401);
    const answer = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and status, the pool, the outbox, failed logins and rate-limit refusals', async () => {
    await get('/api/courses/424242');
    const login = (password: string) =>
      api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.rw', password } });
    expect((await login('wrong-1')).statusCode).toBe(401);
    expect((await login('wrong-2')).statusCode).toBe(401);
    expect((await login('wrong-3')).statusCode).toBe(429);
    await api.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.rw' } });

    const text = (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/courses\/:id",status_code="404"\} 1\b/,
    );
    expect(text).not.toContain('/api/courses/424242'); // a pattern, never the path: ids would make a series each
    expect(text).toMatch(/logins_failed_total 2\b/);
    expect(text).toMatch(/rate_limit_refusals_total\{limit="login-email"\} 1\b/);
    expect(text).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
    // (Work the answers above left behind, an e-mail to send say, may still hold the one PGlite connection.)
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/outbox_emails\{status="pending"\} \d+/);
    expect(text).toMatch(/outbox_emails\{status="failed"\} 0\b/);
    expect(text).toContain('# TYPE server_render_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('answers nobody when no token is set: whatever reaches the port is not only the operator', async () => {
    const closed = await buildApp({ database: api.database, jwtSecret: JWT_SECRET });
    try {
      expect((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await closed.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode,
      ).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

describe('log lines', () => {
  async function logged(trustProxy?: string[]) {
    const lines: string[] = [];
    const app = await buildApp({
      database: api.database,
      jwtSecret: JWT_SECRET,
      publicUrl: SITE,
      trustProxy,
      limits: { recoveryPerIp: 1000, recoveryPerEmail: 1000, resetPerIp: 1000 },
      // The most the logger can say: nothing secret even there.
      logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
    });
    return {
      app,
      lines: () =>
        lines
          .join('')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
    };
  }

  it('carry the request id on every line of a request, taken from X-Request-Id only through a trusted proxy', async () => {
    const direct = await logged();
    const behind = await logged(['loopback']);
    const elsewhere = await logged(['10.0.0.0/8']);
    try {
      const ask = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/courses', headers: { 'x-request-id': 'proxy-7f3a' } });
      const fromProxy = await ask(behind.app);
      expect(fromProxy.headers['x-request-id']).toBe('proxy-7f3a');
      expect(
        behind
          .lines()
          .filter((l) => l.req || l.res)
          .every((l) => l.reqId === 'proxy-7f3a'),
      ).toBe(true);
      // A client reaching the API itself (or through an address not trusted) cannot choose its id.
      for (const { app, lines } of [direct, elsewhere]) {
        const answer = await ask(app);
        const id = answer.headers['x-request-id'];
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const requestLines = lines().filter((l) => l.req || l.res);
        expect(requestLines.length).toBeGreaterThanOrEqual(2);
        expect(requestLines.every((l) => l.reqId === id)).toBe(true);
      }
      // An id that is not short and plain is replaced, never repeated into the logs.
      const odd = await behind.app.inject({
        method: 'GET',
        url: '/api/courses',
        headers: { 'x-request-id': 'a\u202ebad id' + 'x'.repeat(200) },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await Promise.all([direct.app.close(), behind.app.close(), elsewhere.app.close()]);
    }
  });

  it('never hold a password, a token, a reset link or the signing secret', async () => {
    const { app, lines } = await logged();
    try {
      const email = `logs-${Date.now()}@example.rw`;
      const secrets = ['First-pass-2026!', 'Changed-pass-2026!', 'Wrong-guess-2026!', 'Reset-pass-2026!'];
      const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, token?: string) =>
        app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const registered = await send('POST', '/api/auth/register', {
        firstName: 'Log',
        lastName: 'Reader',
        email,
        password: secrets[0],
      });
      expect(registered.statusCode).toBe(201);
      const signedIn = registered.json().token as string;
      expect((await send('POST', '/api/auth/login', { email, password: secrets[2] })).statusCode).toBe(401);
      const changed = await send(
        'PUT',
        '/api/auth/password',
        { currentPassword: secrets[0], newPassword: secrets[1] },
        signedIn,
      );
      expect(changed.statusCode).toBe(200);
      expect((await send('POST', '/api/auth/register', { email, password: 'short' })).statusCode).toBe(400);
      expect((await send('POST', '/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const resetToken = await eventually(async () => {
        const [mail] = await api.db
          .select()
          .from(outbox)
          .where(eq(outbox.recipient, email))
          .orderBy(desc(outbox.id))
          .limit(1);
        const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        expect(token).not.toBe('');
        return token;
      });
      await send('GET', `/reset-password/${resetToken}`); // a link mailed before the token moved into the fragment
      await send('POST', '/api/auth/reset-password/check', { token: resetToken }); // the page, checking the link
      await send('GET', `/api/anything?token=${resetToken}&password=${secrets[3]}`);
      expect(
        (await send('POST', '/api/auth/reset-password', { token: resetToken, password: secrets[3] })).statusCode,
      ).toBe(200);

      const text = lines()
        .map((line) => JSON.stringify(line))
        .join('\n');
      expect(text).toContain('/reset-password/(hidden)');
      for (const secret of [...secrets, resetToken, signedIn, changed.json().token, JWT_SECRET])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/\$argon2/);
    } finally {
      await app.close();
    }
  });
});
