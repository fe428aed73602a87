/**
 * Hardening, the items checked inside the API: page templates that text cannot corrupt, log lines
 * that do not grow with what a stranger sends, and pages a forged Host header cannot poison in a shared
 * cache. The rest is in credentials.test.ts, recovery.test.ts and workers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fillTemplate } from '../src/server-render';
import { loggedError } from '../src/http/logging';
import { users } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import { JWT_SECRET, startApi, type TestApi } from './helpers';
import { webRoot } from './release-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('the page template', () => {
  const PATTERNS = "$& $` $' $$ $1 $<name>";
  const template =
    '<!doctype html><html lang="en"><head><title>BTLS</title><meta name="description" content="d"></head>' +
    '<body><div id="root"></div></body></html>';

  it('writes head, body and data in as they are, whatever `$` patterns they hold', () => {
    const page = {
      head: `<title>${PATTERNS}</title><meta name="description" content="${PATTERNS}">`,
      body: `<h1>${PATTERNS}</h1>${'$`'.repeat(1000)}`,
      data: { title: PATTERNS, many: '$`'.repeat(1000) },
    };
    const html = fillTemplate(template, page, `<link rel="modulepreload" href="/x.js?${PATTERNS}">`, 'btls-data', 'rw');
    expect(html.length).toBeLessThan(template.length + 10_000);
    expect(html).toContain(`<title>${PATTERNS}</title>`);
    expect(html).toContain(`<h1>${PATTERNS}</h1>`);
    expect(html).toContain('<html lang="rw">');
    const data = /<script id="btls-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual(page.data);
  });
});

describe('log lines', () => {
  it('are JSON lines of bounded size, with no query, whatever the path or parameters', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      database: api.database,
      jwtSecret: JWT_SECRET,
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const sent = [
        `/api/certificates/verify/${'A'.repeat(15 * 1024)}`,
        `/api/${'nothing/'.repeat(1500)}`,
        '/api/jobs?q=a%00b',
        '/api/jobs?location=a%00b',
        '/api/courses?trainingCenter=a%00b',
        '/api/certificates/verify/AB%00CD',
      ];
      const statuses: number[] = [];
      for (const url of sent) statuses.push((await logged.inject({ method: 'GET', url })).statusCode);
      // A NUL in a parameter is refused before the database, naming the parameter.
      expect(statuses.slice(2)).toEqual([400, 400, 400, 400]);
      const nul = await logged.inject({ method: 'GET', url: '/api/jobs?q=a%00b' });
      expect(nul.json()).toMatchObject({ code: 'request.invalidData', params: { field: 'q' } });
      const text = lines.join('');
      for (const line of text.split('\n').filter(Boolean)) {
        expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
        expect(line.length, line.slice(0, 200)).toBeLessThan(2500);
      }
      expect(text).not.toMatch(/\bselect\b/i);
      // About a kilobyte per request (three lines at info), not the 4–47 KB measured before.
      expect(text.length / (sent.length + 1)).toBeLessThan(2000);
    } finally {
      await logged.close();
    }
  });

  it('never hold a failed query’s SQL or values, only the database’s own words', async () => {
    // A query the database refuses, with a value that must not reach a log (say, a password's hash).
    const failure = await api.db
      .select()
      .from(users)
      .where(eq(users.email, 'argon2id-hash-of-a-password\u0000'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toMatch(/select/i);
    const shown = JSON.stringify(loggedError(failure));
    expect(shown).not.toMatch(/\bselect\b|argon2id-hash-of-a-password/i);
    expect(JSON.parse(shown)).toMatchObject({ code: expect.stringMatching(/^22/), message: expect.any(String) });
  });
});

describe('a forged Host header', () => {
  /** A built front end whose shell renders the canonical link from the origin it is given. */
  const site = () =>
    webRoot(
      `export const sharedModules = {};
       export const SERVER_DATA_ID = 'btls-data';
       export function configureServerApi() {}
       export function serverRenderedBy() { return 'not-found'; }
       export async function render({ url, origin }) {
         return { status: 200, head: '<link rel="canonical" href="' + origin + url + '">', body: '<h1>Courses</h1>', data: {} };
       }`,
    );

  it('without PUBLIC_URL: the page and the sitemap are not for a shared cache', async () => {
    const app = await buildApp({ database: api.database, jwtSecret: JWT_SECRET, web: { root: site() } });
    try {
      // (A returning browser, which has its id: a first visit's answer gives one, and no shared cache keeps that.)
      const page = await app.inject({
        method: 'GET',
        url: '/courses',
        headers: { host: 'evil.example', cookie: 'btlsBrowser=QnJvd3Nlci1vZi10' },
      });
      expect(page.body).toContain('<link rel="canonical" href="http://evil.example/courses">');
      expect(page.headers['cache-control']).toBe('private, no-cache');
      for (const url of ['/sitemap.xml', '/robots.txt']) {
        const answer = await app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
        expect(String(answer.headers['cache-control']), url).toMatch(/^private/);
      }
    } finally {
      await app.close();
    }
  });

  it('with PUBLIC_URL: the Host header is not used, and a CDN may keep the page', async () => {
    const publicUrl = 'https://btls.example.rw';
    const app = await buildApp({
      database: api.database,
      jwtSecret: JWT_SECRET,
      publicUrl,
      web: { root: site(), publicUrl },
    });
    try {
      // (A returning browser, which has its id: a first visit's answer gives one, and no shared cache keeps that.)
      const page = await app.inject({
        method: 'GET',
        url: '/courses',
        headers: { host: 'evil.example', cookie: 'btlsBrowser=QnJvd3Nlci1vZi10' },
      });
      expect(page.body).toContain(`<link rel="canonical" href="${publicUrl}/courses">`);
      expect(page.body).not.toContain('evil.example');
      expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(sitemap.headers['cache-control']).toBe('public, max-age=300');
      expect(sitemap.body).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });

  it('in production, refuses to start without PUBLIC_URL unless it listens on this machine only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(/HOST \(0\.0\.0\.0\)/);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).publicUrl).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://btls.example.rw',
        ADMIN_URL: 'https://admin.btls.example.rw',
      }).publicUrl,
    ).toBe('https://btls.example.rw');
    expect(loadConfig({}).host).toBe('0.0.0.0');
  });
});
