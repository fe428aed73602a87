/**
 * Limits that hold under bursts and across instances.
 * Two-instance tests run on PostgreSQL; the Redis test runs when Redis answers at 127.0.0.1:6379.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseTrustProxy } from '../src/config';
import { openPostgres } from '../src/db/client';
import { account, JWT_SECRET, onPostgres, PASSWORD, request, startApi, type TestApi } from './helpers';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = net.connect(6379, '127.0.0.1');
  socket.setTimeout(500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});

const login = (api: TestApi, email: string, password: string, headers: Record<string, string> = {}) =>
  request(api, 'POST', '/api/auth/login', { json: { email, password }, headers });

describe('login fields are bounded before any limiter or hashing', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('refuses a 1 MB e-mail or a long password with 400, and counts nothing for it', async () => {
    const hugeEmail = await login(api, `${'a'.repeat(1_000_000)}@example.rw`, 'x');
    expect(hugeEmail).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address.' } });
    const longPassword = await login(api, 'someone@example.rw', 'p'.repeat(257));
    expect(longPassword.status).toBe(400);
    const counted = await api.db.execute(sql`select count(*)::int as n from rate_limits`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('bounds the other bodies too: a long name, a long job description', async () => {
    const name = await request(api, 'POST', '/api/auth/register', {
      json: { firstName: 'n'.repeat(101), lastName: 'X', email: 'long@example.rw', password: 'secret-1' },
    });
    expect(name).toMatchObject({ status: 400, body: { message: 'Must be at most 100 characters.' } });
    const employer = await account(api, 'employer');
    const job = await request(api, 'POST', '/api/jobs', {
      token: employer.token,
      json: { title: 'Barista', companyName: 'Café', location: 'Kigali', description: 'd'.repeat(20_001) },
    });
    expect(job).toMatchObject({ status: 400, body: { message: 'Must be at most 20000 characters.' } });
  });
});

describe('login attempts are counted before the password is verified', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ limits: { loginPerIp: 10_000, loginFailuresPerEmail: 5 } });
  });
  afterAll(() => api.close());

  it('verifies at most the limit of 40 parallel wrong passwords; the rest get 429', async () => {
    const user = await account(api, 'trainee');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(api, user.email, 'wrong-password')));
    const statuses = answers.map((a) => a.status);
    // The account's own sign-in (by the helper) cleared the count, so exactly five guesses were checked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('a right password in a burst of wrong ones gets through only among the first `limit` attempts', async () => {
    const user = await account(api, 'trainee');
    const wrong = await Promise.all(Array.from({ length: 39 }, () => login(api, user.email, 'wrong-password')));
    expect(wrong.filter((a) => a.status === 401)).toHaveLength(5);
    const right = await login(api, user.email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('sign-ups per client address and job postings per employer', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ limits: { registerPerIp: 3, jobPostsPerHour: 2 } });
  });
  afterAll(() => api.close());

  it('answers 429 once one address has signed up `registerPerIp` accounts; an admin is not limited', async () => {
    const signUp = (n: number, token?: string) =>
      request(api, 'POST', '/api/auth/register', {
        token,
        json: { firstName: 'Aline', lastName: 'Uwase', email: `signup${n}@example.rw`, password: 'secret-1' },
      });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(n)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429]);
    const admin = await account(api, 'admin');
    expect((await signUp(6, admin.token)).status).toBe(201);
  });

  it('answers 429 to an employer posting more than `jobPostsPerHour` jobs', async () => {
    const employer = await account(api, 'employer');
    const post = () =>
      request(api, 'POST', '/api/jobs', {
        token: employer.token,
        json: { title: 'Barista', companyName: 'Café', location: 'Kigali', description: 'Pull shots.' },
      });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const third = await post();
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/posted many jobs/);
    // Another employer has a count of their own.
    const other = await account(api, 'employer');
    const theirs = await request(api, 'POST', '/api/jobs', {
      token: other.token,
      json: { title: 'Cashier', companyName: 'Café', location: 'Kigali', description: 'Serve.' },
    });
    expect(theirs.status).toBe(201);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses/CIDRs, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,::1,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/would let any client choose its address/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/neither a hop count/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/neither a hop count/);
  });

  it('with one trusted hop, a client cannot choose its address by sending X-Forwarded-For', async () => {
    const api = await startApi({ trustProxy: 1, limits: { loginPerIp: 2 } });
    try {
      // The proxy appends the address it saw (203.0.113.9); whatever the client put before it is ignored.
      const attempt = (forged: string) =>
        login(api, 'someone@example.rw', 'x', { 'x-forwarded-for': `${forged}, 203.0.113.9` });
      expect((await attempt('1.1.1.1')).status).toBe(401);
      expect((await attempt('2.2.2.2')).status).toBe(401);
      expect((await attempt('3.3.3.3')).status).toBe(429);
      // Another real client behind the same proxy has its own count.
      expect((await login(api, 'someone@example.rw', 'x', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(401);
    } finally {
      await api.close();
    }
  });

  it('trusts X-Forwarded-For only from a listed proxy address', async () => {
    const api = await startApi({ trustProxy: ['10.0.0.0/8'], limits: { loginPerIp: 1 } });
    try {
      // inject() connects from 127.0.0.1, which is not a listed proxy: its X-Forwarded-For is not believed.
      expect((await login(api, 'a@example.rw', 'x', { 'x-forwarded-for': '1.1.1.1' })).status).toBe(401);
      expect((await login(api, 'a@example.rw', 'x', { 'x-forwarded-for': '2.2.2.2' })).status).toBe(429);
    } finally {
      await api.close();
    }
  });
});

describe.runIf(onPostgres)('limits shared by two instances on one PostgreSQL', () => {
  it('two API instances on one database count together', async () => {
    const first = await startApi({ limits: { loginPerIp: 10_000, loginFailuresPerEmail: 4 } });
    const secondDatabase = openPostgres(first.url!);
    const secondApp = await buildApp({
      database: secondDatabase,
      jwtSecret: JWT_SECRET,
      limits: { loginPerIp: 10_000, loginFailuresPerEmail: 4 },
    });
    const second = { ...first, app: secondApp };
    try {
      const user = await account(first, 'trainee');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(i % 2 ? second : first, user.email, 'wrong-password')),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(4);
      expect((await login(second, user.email, PASSWORD)).status).toBe(429);
      expect((await login(first, user.email, PASSWORD)).status).toBe(429);
    } finally {
      await secondApp.close();
      await secondDatabase.close();
      await first.close();
    }
  });
});

describe.runIf(redisAnswers)('limits in Redis when REDIS_URL is set', () => {
  it('two API instances on one Redis count together, and a successful login clears the count', async () => {
    const limits = { loginPerIp: 10_000, loginFailuresPerEmail: 3 };
    const first = await startApi({ redisUrl: REDIS_URL, limits });
    const second = await startApi({ redisUrl: REDIS_URL, limits });
    try {
      // The same e-mail on both instances' databases: only the counter is shared.
      const email = `redis-${Date.now()}-${Math.random().toString(36).slice(2)}@example.rw`;
      await account(first, 'trainee', { email });
      await account(second, 'trainee', { email });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(i % 2 ? second : first, email, 'wrong-password')),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(3);
      expect((await login(first, email, PASSWORD)).status).toBe(429);
      // Nothing was written to the database's counters.
      const counted = await first.db.execute(sql`select count(*)::int as n from rate_limits`);
      expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('a counter store that cannot be reached', () => {
  it('answers 503, not 500, and does not let the work run unlimited', async () => {
    const api = await startApi({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const answer = await login(api, 'someone@example.rw', 'x');
      expect(answer).toMatchObject({ status: 503, body: { message: expect.stringMatching(/busy/) } });
    } finally {
      await api.close();
    }
  });
});
