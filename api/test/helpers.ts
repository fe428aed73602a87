/**
 * The API under test, on a database of its own: PGlite in memory by default; a fresh PostgreSQL database
 * (created here, dropped afterwards) when BTLS_TEST_DB=postgres, using TEST_DATABASE_URL's server.
 */
import { MESSAGE_CODES } from '@btls/shared-api/codes';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { hashPassword } from '../src/auth';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client';
import { users } from '../src/db/schema';

export const onPostgres = process.env.BTLS_TEST_DB === 'postgres';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL: the URL of this test's own database (a second API instance can open it). */
  url?: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BTLS_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** A new, empty PostgreSQL database on the test server; its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `btls_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const database = await openPglite();
    await database.migrateAndPrepare();
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = openPostgres(created.url);
  await database.migrateAndPrepare();
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  database: Database;
  url?: string;
  close(): Promise<void>;
}

/** The metrics token of every test API (GET /metrics answers nobody without one). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-for-the-api-suite';

/** What GET /metrics says now, as Prometheus text. */
export async function metricsOf(api: TestApi): Promise<string> {
  const answer = await api.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (answer.statusCode !== 200) throw new Error(`GET /metrics: ${answer.statusCode}`);
  return answer.body;
}

export async function startApi(options: Partial<AppOptions> = {}): Promise<TestApi> {
  const test = await createTestDatabase();
  const app = await buildApp({
    database: test.database,
    jwtSecret: JWT_SECRET,
    metricsToken: TEST_METRICS_TOKEN,
    ...options,
  });
  rememberConsoleHost(app, options.adminUrl);
  const uncoded = watchErrorCodes(app);
  const undocumented = watchDocumentedStatuses(app);
  return {
    app,
    db: test.database.db,
    database: test.database,
    url: test.url,
    async close() {
      await app.close();
      await test.drop();
      // Every test file closes its API: an error answered without a code fails the file.
      if (uncoded.length > 0) throw new Error(`Answers without a catalogue code:\n${uncoded.join('\n')}`);
      // …and so does a status the route's OpenAPI document does not list.
      if (undocumented.length > 0)
        throw new Error(
          `Answers with a status their document does not list:\n${[...new Set(undocumented)].join('\n')}`,
        );
    },
  };
}

/**
 * Every JSON error answer must carry `{ message, code }` with a code of the catalogue, and so must every
 * other answer with a `message` (a notice); collects the others.
 */
export function watchErrorCodes(app: FastifyInstance): string[] {
  const uncoded: string[] = [];
  const known = new Set<string>(MESSAGE_CODES);
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').includes('application/json');
    if (!json || typeof payload !== 'string') return payload;
    let body: { message?: unknown; code?: unknown };
    try {
      body = JSON.parse(payload);
    } catch {
      body = {};
    }
    if (reply.statusCode < 400 && (Array.isArray(body) || !body || typeof body.message !== 'string')) return payload;
    if (typeof body.message !== 'string' || typeof body.code !== 'string' || !known.has(body.code)) {
      uncoded.push(`${request.method} ${request.url} → ${reply.statusCode} ${payload}`);
    }
    return payload;
  });
  return uncoded;
}

/**
 * Every answer of a documented route must have a status its OpenAPI document lists (the route's response
 * schemas, from which /api/openapi.json is made); collects the others as "METHOD /route → status".
 */
export function watchDocumentedStatuses(app: FastifyInstance): string[] {
  const undocumented: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || schema.hide) return payload;
    const status = String(reply.statusCode);
    const listed = Object.keys(schema.response).some((key) => key === status || key === `${status[0]}xx`);
    if (!listed) undocumented.push(`${request.method} ${request.routeOptions.url} → ${status}`);
    return payload;
  });
  return undocumented;
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

/** One request: `token` adds the bearer header, `json` the body. */
export async function request(
  api: TestApi,
  method: InjectOptions['method'],
  url: string,
  options: {
    token?: string;
    json?: unknown;
    headers?: Record<string, string>;
    payload?: InjectOptions['payload'];
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    Object.assign(headers, { ...hostOfToken(api, options.token), ...options.headers });
  }
  const response = await api.app.inject({
    method,
    url,
    headers,
    ...(options.json !== undefined ? { payload: options.json as object } : {}),
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  // What a route does after its answer (forgot-password's e-mail) is done before the test reads on.
  await api.app.settled();
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    /* not JSON */
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** The console's host name of a test API (its `adminUrl`, or buildApp's default). */
const consoleHosts = new WeakMap<FastifyInstance, string>();
export const CONSOLE_HOST = 'admin.localhost';
export const consoleHostOf = (api: { app: FastifyInstance }) => consoleHosts.get(api.app) ?? CONSOLE_HOST;
export const rememberConsoleHost = (app: FastifyInstance, adminUrl: string | undefined) => {
  if (adminUrl) consoleHosts.set(app, new URL(adminUrl).host);
};

/** A token's claims, read without checking its signature (the API checks it). */
export function claimsOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/**
 * The Host a browser would send a token to: a token is kept by the origin it was signed in on and sent only from
 * there, so a console session's requests go to the console's host.
 */
export function hostOfToken(api: { app: FastifyInstance }, token: string): Record<string, string> {
  return claimsOf(token).console === true ? { host: consoleHostOf(api) } : {};
}

export const PASSWORD = 'secret-pass-1';
let passwordHash: Promise<string> | undefined;

export interface Account {
  id: number;
  email: string;
  token: string;
  role: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** A user inserted straight into the database, then signed in through POST /api/auth/login. */
export async function account(
  api: TestApi,
  role: 'trainee' | 'trainer' | 'employer' | 'admin',
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<Account> {
  counter += 1;
  const email = fields.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@example.rw`;
  const [row] = await api.db
    .insert(users)
    .values({
      firstName: `${role[0]!.toUpperCase()}${role.slice(1)}`,
      lastName: `Number${counter}`,
      role,
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      companyName: role === 'employer' ? 'Kigali Beans Ltd' : null,
      ...fields,
      email,
    })
    .returning();
  // An admin signs in on the console, where alone an admin's session exists.
  const login = await request(api, 'POST', '/api/auth/login', {
    json: { email, password: PASSWORD },
    ...(role === 'admin' ? { headers: { host: consoleHostOf(api) } } : {}),
  });
  if (login.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(login.body)}`);
  return { id: row!.id, email, token: login.body.token, role, firstName: row!.firstName, lastName: row!.lastName };
}

export const validCourse = {
  title: 'Espresso Basics',
  description: 'Pull balanced shots.',
  category: 'Brewing Techniques',
  level: 'Beginner',
  duration: '2 weeks',
  price: '150000',
  tags: 'espresso, milk ,, ',
};

export async function createCourse(api: TestApi, adminToken: string, fields: Record<string, unknown> = {}) {
  const answer = await request(api, 'POST', '/api/courses', { token: adminToken, json: { ...validCourse, ...fields } });
  if (answer.status !== 201) throw new Error(`course creation failed: ${JSON.stringify(answer.body)}`);
  return answer.body.course as { id: number; title: string };
}

/** Days from today (Kigali), as YYYY-MM-DD. */
export function dayOffset(days: number): string {
  const now = new Date(Date.now() + 2 * 3600_000);
  now.setUTCDate(now.getUTCDate() + days);
  return now.toISOString().slice(0, 10);
}

/** A multipart body as a browser would send it (built by the platform's own FormData). */
export async function multipart(
  fields: Record<string, string | Blob>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, 'upload.bin');
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new Blob([bytes], { type: 'image/png' });
};
