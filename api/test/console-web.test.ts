/**
 * The admin console's host serves the shell and the admin area, and nothing of any other area: no other area's
 * entry in its map of areas or in its worker's list, no other area's file, no server render of any of its pages,
 * and a policy that lets its page load no other area's path. The site, the other way round, never loads the admin
 * area, and sends an admin's address on to the console.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteArea, RemotesJson } from '@btls/build-config/remotes';
import type { SwConfig } from '@btls/shared-api/service-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleCspHeader } from '../src/http/security-headers';
import { account, startApi, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot, type TestRelease } from './release-helpers';

/** Every page the server render was asked for, by host and path. */
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('../src/server-render', async (original) => {
  const real = await original<typeof import('../src/server-render')>();
  return {
    ...real,
    createServerRender: () => ({
      async render(url: string, origin: string) {
        rendered.push(`${origin}${url}`);
        // (A signed-in user's panel is the browser's to render.)
        if (url.startsWith('/dashboard')) return { unrendered: 'signed-in' };
        return { status: 200, html: '<html><head></head><body>RENDERED</body></html>', language: 'en', personal: true };
      },
    }),
  };
});

const CONSOLE = { host: 'admin.localhost' };
const OTHERS: RemoteArea[] = ['public', 'trainee', 'trainer', 'employer'];

let api: TestApi;
const releases = {} as Record<RemoteArea, TestRelease>;

beforeAll(async () => {
  // A shell with a server build (its render is the mock above), a worker, a top-level entry and a manifest.
  const root = webRoot('module.exports = {};');
  const dist = join(root, 'shell', 'dist');
  writeFileSync(join(dist, 'sw-code.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dist, 'remoteEntry-Shell123.js'), 'export {};\n');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', 'index-AbCd1234.js'), 'export {};\n');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'BTLS Coffee', start_url: '/' }));
  api = await startApi({ web: { root, openSandbox: async () => ({ sandbox: {} as never }) } });
  const admin = await account(api, 'admin');
  for (const area of [...OTHERS, 'admin'] as RemoteArea[]) {
    const token = await releaseToken(api, admin.token, area);
    releases[area] = makeRelease(area, `${area} code`);
    expect((await upload(api, releases[area], token)).status).toBe(201);
    expect((await activate(api, area, releases[area].manifest.version, token)).status).toBe(200);
  }
});
afterAll(() => api?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
const fileOf = (area: RemoteArea) => `/remotes/${area}/${releases[area].manifest.version}/remoteEntry.js`;
const areasInPage = (html: string) =>
  JSON.parse(
    /<script id="btls-areas" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as RemotesJson | null;
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

describe('the console host', () => {
  it("serves no other area's release file, and the admin area's", async () => {
    for (const area of OTHERS) {
      expect((await get(fileOf(area), CONSOLE)).statusCode, area).toBe(404);
      expect((await get(fileOf(area))).statusCode, `${area} on the site`).toBe(200);
    }
    expect((await get(fileOf('admin'), CONSOLE)).statusCode).toBe(200);
  });

  it('gives a map of areas with the admin area alone', async () => {
    const map = (await get('/remotes.json', CONSOLE)).json() as RemotesJson;
    expect(Object.keys(map)).toEqual(['mfe_admin']);
  });

  it('serves every page as the shell with the admin area alone, marked as the console, never rendered on the server', async () => {
    rendered.length = 0;
    // (The site's /courses is none of the console's pages: its not-found page, a 404.)
    const statuses = { '/login': 200, '/': 200, '/admin/users': 200, '/courses': 404, '/forgot-password': 200 };
    for (const [path, status] of Object.entries(statuses)) {
      const page = await get(path, CONSOLE);
      expect(page.statusCode, path).toBe(status);
      expect(page.headers['server-timing'], path).toMatch(/^render;desc="browser: console"/);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.body, path).not.toContain('RENDERED');
      expect(Object.keys(areasInPage(page.body) ?? {}), path).toEqual(['mfe_admin']);
      const mark = /<script id="btls-console" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(JSON.parse(mark ?? 'null'), path).toEqual({ site: expect.stringMatching(/^https?:\/\//) });
      // (The load tickets name the admin area only.)
      expect(String(page.headers['server-timing'] ?? ''), path).not.toMatch(/page;desc/);
    }
    expect(rendered).toEqual([]);
    // The mock does render the site's pages: what the console skips is the render itself.
    await get('/courses');
    expect(rendered).toHaveLength(1);
  });

  it("lets its page load, run or reach no other area's path", async () => {
    const policy = String((await get('/admin/users', CONSOLE)).headers['content-security-policy']);
    for (const name of ['script-src', 'style-src', 'connect-src', 'font-src']) {
      const sources = directive(policy, name);
      expect(sources, name).not.toContain("'self'");
      expect(
        sources.some((source) => source === '*' || /^https?:$/.test(source)),
        name,
      ).toBe(false);
      for (const source of sources.filter((value) => /^https?:\/\//.test(value))) {
        const { pathname } = new URL(source);
        // A source of the console's origin names a path; a path under /remotes/ is the admin area's.
        expect(pathname, `${name} ${source}`).not.toBe('/');
        if (pathname.startsWith('/remotes/')) expect(pathname, `${name} ${source}`).toMatch(/^\/remotes\/admin\//);
      }
    }
    expect(directive(policy, 'script-src')).toContain('http://admin.localhost/remotes/admin/');
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    // The admin area's files on a CDN: that origin, and no other.
    const elsewhere = consoleCspHeader({
      origin: 'https://admin.btls.example.rw',
      shellScripts: ['/remoteEntry-Shell123.js'],
      adminOrigins: ['https://cdn.btls.example.rw', 'javascript:alert(1)'],
    });
    expect(directive(elsewhere, 'script-src')).toEqual([
      'https://admin.btls.example.rw/assets/',
      'https://admin.btls.example.rw/remotes/admin/',
      'https://cdn.btls.example.rw',
      'https://admin.btls.example.rw/remoteEntry-Shell123.js',
    ]);
  });

  it("has a service worker that keeps the shell and the admin area, and no other area's file", async () => {
    const worker = await get('/sw.js', CONSOLE);
    expect(worker.statusCode).toBe(200);
    const config = JSON.parse(/^self\.__BTLS_SW=(.*);\n/.exec(worker.body)?.[1] ?? 'null') as SwConfig;
    expect(Object.keys(config.areas)).toEqual(['admin']);
    for (const area of OTHERS) expect(worker.body, area).not.toContain(`/remotes/${area}/`);
    expect(config.shell.map((file) => file.url)).toContain('/index.html');
    // The page it keeps for addresses never saved is the console's.
    const kept = await get('/index.html', CONSOLE);
    expect(kept.body).toContain('id="btls-console"');
  });

  it('installs as the console', async () => {
    const manifest = (await get('/manifest.webmanifest', CONSOLE)).json() as Record<string, string>;
    expect(manifest).toMatchObject({ name: 'BTLS Admin', start_url: '/admin', scope: '/' });
  });
});

describe('the site', () => {
  it("sends an admin's address on to the console", async () => {
    const users = await get('/admin/users?page=2');
    expect([302, 303]).toContain(users.statusCode);
    expect(users.headers.location).toBe('http://admin.localhost/admin/users?page=2');
    expect((await get('/admin')).headers.location).toBe('http://admin.localhost/admin');
    // (Not a page that only begins like one.)
    expect((await get('/administration')).statusCode).toBe(200);
  });

  it('never names the admin area in its map of areas or its worker', async () => {
    const map = (await get('/remotes.json')).json() as RemotesJson;
    expect(Object.keys(map).sort()).toEqual(['mfe_employer', 'mfe_public', 'mfe_trainee', 'mfe_trainer']);
    const page = await get('/dashboard', { cookie: 'btlsWho=trainee.Aline' });
    expect(page.body).not.toContain('mfe_admin');
    const worker = await get('/sw.js');
    expect(worker.body).not.toContain('/remotes/admin/');
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({ name: 'BTLS Coffee' });
  });
});
