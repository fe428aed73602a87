/**
 * A visitor's rendered page is kept for the next visitor (the same HTML, without a render), refreshed
 * as soon as what it shows changes — through this instance or another — and a signed-in user's page is never
 * kept or given to anyone else.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import {
  account,
  createCourse,
  JWT_SECRET,
  onPostgres,
  request,
  startApi,
  type Account,
  type TestApi,
} from './helpers';
import { webRoot } from './release-helpers';

const SITE = 'https://btls.example.rw';

/** A built front end whose shell renders the active courses' titles, read from the API as a page would. */
const site = () =>
  webRoot(
    `let api;
     export const sharedModules = {};
     export const SERVER_DATA_ID = 'btls-data';
     export function configureServerApi(fetch) { api = fetch; }
     export function serverRenderedBy() { return 'not-found'; }
     export function languageOf(headers) {
       return /btlsLang=(\\w+)/.exec(headers.cookie ?? '')?.[1] ?? (/^fr/.test(headers['accept-language'] ?? '') ? 'fr' : 'en');
     }
     export function sessionOf(headers) { return /btlsWho=([^;]+)/.exec(headers.cookie ?? '')?.[1] ?? null; }
     export async function render({ session }) {
       const courses = await (await api('http://render.invalid/api/courses?limit=100')).json();
       const who = session ? '<p>Hello, ' + session + '</p>' : '';
       return { status: 200, head: '', body: who + '<h1>' + courses.map((c) => c.title).join(' | ') + '</h1>', data: {} };
     }`,
  );

let api: TestApi;
let admin: Account;
let root: string;
beforeAll(async () => {
  root = site();
  api = await startApi({ publicUrl: SITE, web: { root, publicUrl: SITE } });
  admin = await account(api, 'admin');
});
afterAll(() => api.close());

const visit = (app: FastifyInstance, cookie?: string) =>
  app.inject({ method: 'GET', url: '/courses', headers: cookie ? { cookie } : {} });

describe('the page cache', () => {
  it('serves a second visitor the same HTML without rendering it again, and a new one once the course is edited', async () => {
    const course = await createCourse(api, admin.token, { title: 'Cupping for Beginners' });
    const first = await visit(api.app);
    expect(first.body).toContain('Cupping for Beginners');
    // (A returning browser: a first visit's answer gives the browser its id, which no shared cache may keep.)
    const second = await visit(api.app, 'btlsBrowser=QnJvd3Nlci1vZi10');
    expect(second.headers['server-timing']).toMatch(/^page;desc="kept"(,|$)/);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');

    const edited = await request(api, 'PUT', `/api/courses/${course.id}`, {
      token: admin.token,
      json: { title: 'Cupping for Everyone', description: 'Taste.', category: 'Coffee Knowledge', level: 'Beginner' },
    });
    expect(edited.status).toBe(200);
    const after = await visit(api.app);
    expect(after.headers['server-timing']).toMatch(/^page;desc="rendered"(,|$)/);
    expect(after.body).toContain('Cupping for Everyone');
    expect(after.body).not.toContain('Cupping for Beginners');
  });

  it('answers the same page asked again with its ETag as a 304 (the worker keeping it pays for headers only)', async () => {
    await createCourse(api, admin.token, { title: 'Latte Art Basics' });
    const first = await visit(api.app);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await api.app.inject({ method: 'GET', url: '/courses', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Once it changed, the whole page again, with a new tag.
    await createCourse(api, admin.token, { title: 'Espresso Dialing In' });
    await new Promise((done) => setTimeout(done, 1100));
    const changed = await api.app.inject({ method: 'GET', url: '/courses', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Espresso Dialing In');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("never keeps a signed-in user's page, nor gives it to anyone else", async () => {
    const aline = await visit(api.app, 'btlsWho=trainee.Aline');
    expect(aline.body).toContain('Hello, trainee.Aline');
    expect(aline.headers['cache-control']).toBe('private, no-cache');
    const eric = await visit(api.app, 'btlsWho=trainee.Eric');
    expect(eric.body).toContain('Hello, trainee.Eric');
    expect(eric.body).not.toContain('Aline');
    expect(eric.headers['server-timing']).toMatch(/^page;desc="rendered"(,|$)/);
    const visitor = await visit(api.app);
    expect(visitor.body).not.toContain('Hello,');
  });

  it('keeps one copy per language', async () => {
    const english = await api.app.inject({ method: 'GET', url: '/courses', headers: { 'accept-language': 'en' } });
    const french = await api.app.inject({
      method: 'GET',
      url: '/courses',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(english.headers['content-language']).toBe('en');
    expect(french.headers['content-language']).toBe('fr');
    const again = await api.app.inject({ method: 'GET', url: '/courses', headers: { cookie: 'btlsLang=fr' } });
    expect(again.headers['content-language']).toBe('fr');
    expect(again.headers['server-timing']).toMatch(/^page;desc="kept"(,|$)/);
  });
});

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it("empties the other instance's copy within a second of a change", async () => {
    const second = openPostgres(api.url!);
    const other = await buildApp({
      database: second,
      jwtSecret: JWT_SECRET,
      publicUrl: SITE,
      web: { root, publicUrl: SITE },
    });
    try {
      const course = await createCourse(api, admin.token, { title: 'Roasting Basics' });
      await visit(other);
      expect((await visit(other)).headers['server-timing']).toMatch(/^page;desc="kept"(,|$)/);
      await request(api, 'PUT', `/api/courses/${course.id}`, {
        token: admin.token,
        json: {
          title: 'Roasting Beyond Basics',
          description: 'Heat.',
          category: 'Coffee Knowledge',
          level: 'Advanced',
        },
      });
      const started = Date.now();
      let body = '';
      while (Date.now() - started < 3000 && !body.includes('Roasting Beyond Basics')) {
        body = (await visit(other)).body;
        if (!body.includes('Roasting Beyond Basics')) await new Promise((done) => setTimeout(done, 100));
      }
      expect(body).toContain('Roasting Beyond Basics');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
