/**
 * The contract runs: every route is in /api/openapi.json with its schemas, answers are
 * checked on their way out, and the reference at /api/docs works under the site's Content-Security-Policy.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { answers } from '../src/http/contract';
import { account, createTestDatabase, JWT_SECRET, request, type TestApi, type TestDatabase } from './helpers';
import { webRoot } from './release-helpers';

/**
 * Routes deliberately left out of the document, each with its reason. Anything else that is hidden (or has
 * no response schema) fails the test below.
 */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /': 'the web layer: the shell page (HTML), server-rendered for public paths',
  'GET /*': 'the web layer: every client route of the shell (HTML) and its top-level files',
  'POST /*': 'the web layer: a page form posted without its script is sent back to the page (303)',
  'GET /remotes.json': "the web layer: the front end's remotes manifest, read by the shell",
  'GET /reset-password/:token': 'a reset link mailed with its token in the path, sent on to its page (303)',
  'GET /assets/*': "the web layer: the shell's built files",
  'GET /remotes/:area/:version/*': "the web layer: the files of an area's release",
  'GET /api/docs/': 'the reference page itself (Swagger UI; also answers at /api/docs)',
  'GET /api/docs/static/*': "the reference page's own files",
  'GET /api/docs/static/index.html': "the reference page's own files",
  'GET /api/docs/static/swagger-initializer.js': "the reference page's own files",
  'GET /api/docs/json': 'the same document as /api/openapi.json, at the address Swagger UI reads it from',
  'GET /api/docs/yaml': 'the same document as /api/openapi.json, as YAML',
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The error answer, or one that adds to it (the readiness check's 503 adds its checks). */
const isErrorAnswer = (schema: unknown) =>
  JSON.stringify(schema) === JSON.stringify(ERROR_REF) ||
  ['message', 'code'].every((field) => (schema as { required?: string[] } | undefined)?.required?.includes(field));

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        requestBody?: unknown;
        parameters?: { in: string; name: string }[];
      }
    >
  >;
}

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
/** Fastify's `/api/courses/:id` is OpenAPI's `/api/courses/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What is wrong with the document, route by route (empty when every route is in it with its schemas). */
function problems(routes: RouteOptions[], document: OpenApiDocument): string[] {
  const found: string[] = [];
  for (const route of routes) {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of methodsOf(route)) {
      const name = `${method} ${route.url}`;
      if (schema.hide) {
        if (!NOT_IN_DOCUMENT[name])
          found.push(`${name} is hidden from the document without a reason in NOT_IN_DOCUMENT`);
        continue;
      }
      if (!schema.response) found.push(`${name} has no response schema`);
      const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      if (!operation) {
        found.push(`${name} is missing from /api/openapi.json`);
        continue;
      }
      const ok = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (ok.length === 0) found.push(`${name} documents no successful answer`);
      for (const [status, answer] of ok) {
        const content = Object.values(answer.content ?? {});
        if (content.length === 0 || content.some((c) => c.schema === undefined))
          found.push(`${name} ${status} has no schema`);
      }
      const errors = Object.entries(operation.responses ?? {}).filter(([status]) => !/^[23]/.test(status));
      if (errors.length === 0) found.push(`${name} documents no error answer`);
      for (const [status, answer] of errors) {
        if (!/^[45]\d\d$/.test(status)) found.push(`${name} answers a range (${status}), not its statuses`);
        else if (!isErrorAnswer(answer.content?.['application/json']?.schema))
          found.push(`${name} ${status} is not an error answer { message, code, … }`);
      }
      if (schema.body && !operation.requestBody) found.push(`${name} declares a body the document does not show`);
      const parameters = operation.parameters ?? [];
      if (schema.querystring && !parameters.some((p) => p.in === 'query'))
        found.push(`${name} declares a query the document does not show`);
      for (const [, param] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === param))
          found.push(`${name} does not document its path parameter ${param}`);
      }
    }
  }
  return found;
}

let test: TestDatabase;
let app: FastifyInstance;
let document: OpenApiDocument;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildApp({ database: test.database, jwtSecret: JWT_SECRET, web: { root: webRoot() } });
  await app.ready();
  document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with a path per API route', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
  });

  it('is valid OpenAPI 3.1, as an independent validator reads it', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route Fastify has, with its parameters, body and answers (or names why not)', () => {
    const api = app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(50);
    expect(problems(app.routeTable, document)).toEqual([]);
  });

  it('names no excluded route that does not exist', () => {
    const names = new Set(
      app.routeTable.flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`)),
    );
    expect(Object.keys(NOT_IN_DOCUMENT).filter((name) => !names.has(name))).toEqual([]);
  });

  it('fails for a route added without schemas, or hidden without a reason', async () => {
    const database = await createTestDatabase();
    const other = await buildApp({ database: database.database, jwtSecret: JWT_SECRET });
    other.get('/api/undocumented', async () => ({ ok: true }));
    other.get('/api/secret', { schema: { hide: true } }, async () => ({ ok: true }));
    await other.ready();
    const otherDocument = (await other.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(problems(other.routeTable, otherDocument)).toEqual([
      'GET /api/undocumented has no response schema',
      'GET /api/undocumented 200 has no schema',
      'GET /api/undocumented documents no error answer',
      'GET /api/secret is hidden from the document without a reason in NOT_IN_DOCUMENT',
    ]);
    await other.close();
    await database.drop();
  });

  it('shows the contract: a course, its query, the body of a sign-in and the answers by content type', () => {
    const courses = document.paths['/api/courses']!.get!;
    expect(courses.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'q', 'category', 'level', 'status']),
    );
    const list = courses.responses!['200']!.content!['application/json']!.schema as {
      type: string;
      items: { required: string[] };
    };
    expect(list.type).toBe('array');
    expect(list.items.required).toEqual(expect.arrayContaining(['id', 'title', 'tags', 'isActive', 'createdAt']));
    const users = document.paths['/api/users']!.get! as { security?: unknown; description?: string };
    expect(users).toMatchObject({ security: [{ bearer: [] }], description: 'Signed in as: admin.' });
    expect(document.paths['/api/courses']!.get!).not.toHaveProperty('security');
    const login = document.paths['/api/auth/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('"password"');
    expect(Object.keys(document.paths['/api/images/{id}']!.get!.responses!['200']!.content!)).toEqual(['image/*']);
    expect(Object.keys(document.paths['/sitemap.xml']!.get!.responses!['200']!.content!)).toEqual(['application/xml']);
    expect(Object.keys(document.paths['/api/courses']!.post!.requestBody as object)).toContain('content');
    expect(Object.keys((document.paths['/api/courses']!.post!.requestBody as { content: object }).content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
  });
});

describe('answers are checked on their way out', () => {
  let api: TestApi;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const built = await buildApp({ database: database.database, jwtSecret: JWT_SECRET });
    const reply = answers({ 200: z.object({ id: z.number(), name: z.string() }) });
    built.get('/api/test-extra-field', { schema: { response: reply } }, async () => ({
      id: 1,
      name: 'n',
      passwordHash: 'x',
    }));
    built.get('/api/test-wrong-type', { schema: { response: reply } }, async () => ({ id: 'one', name: 'n' }));
    api = {
      app: built,
      db: database.database.db,
      database: database.database,
      close: async () => {
        await built.close();
        await database.drop();
      },
    };
  });
  afterAll(() => api.close());

  it('drops a field the contract does not name (no column leaks by accident)', async () => {
    const answer = await request(api, 'GET', '/api/test-extra-field');
    expect(answer).toMatchObject({ status: 200, body: { id: 1, name: 'n' } });
    expect(answer.body).not.toHaveProperty('passwordHash');
  });

  it('refuses to send an answer that breaks it (a bug, answered as a 500 with the usual message)', async () => {
    const answer = await request(api, 'GET', '/api/test-wrong-type');
    expect(answer).toMatchObject({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
  });

  it('keeps the contract words for bad input and answers 401 before looking at the body', async () => {
    expect(await request(api, 'POST', '/api/contact', { json: { name: 'A' } })).toMatchObject({
      status: 400,
      body: { message: 'Please fill in all required fields.' },
    });
    expect(await request(api, 'POST', '/api/jobs', { json: { title: '' } })).toMatchObject({
      status: 401,
      body: { message: 'Not authorized. Please log in.' },
    });
    const trainee = await account(api, 'trainee');
    expect(await request(api, 'POST', '/api/jobs', { token: trainee.token, json: { title: '' } })).toMatchObject({
      status: 403,
    });
    expect(await request(api, 'GET', '/api/courses/abc')).toMatchObject({
      status: 400,
      body: { message: 'Invalid course ID.' },
    });
    expect(
      await request(api, 'GET', '/api/users?limit=x', { token: (await account(api, 'admin')).token }),
    ).toMatchObject({
      status: 400,
      body: { message: 'limit must be a whole number of at least 1.' },
    });
  });
});

describe('/api/docs', () => {
  it.each(['/api/docs', '/api/docs/'])(
    '%s is a page whose scripts and styles are files of this site (the CSP allows no inline script)',
    async (url) => {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      // Every script has a src (none inline) on this site, and each of them and each style sheet is served.
      const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, inline] of scripts) {
        expect(inline!.trim()).toBe('');
        expect(attributes).toMatch(/src="(\/api\/docs|\.)\/static\//);
      }
      const files = [...page.body.matchAll(/(?:src|href)="((?:\/api\/docs|\.)\/static\/[^"]+)"/g)].map((m) =>
        m[1]!.replace(/^\./, '/api/docs'),
      );
      expect(files.length).toBeGreaterThanOrEqual(4);
      for (const file of files) {
        const asset = await app.inject({ method: 'GET', url: file });
        expect(asset.statusCode, file).toBe(200);
      }
      // The UI reads the same document.
      const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.json().paths).toEqual(document.paths);
    },
  );
});
