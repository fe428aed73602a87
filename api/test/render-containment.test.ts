/**
 * A team's server part runs contained: in a process of its own, with no secret to read, no file to read or
 * write, no line of the API's log to forge, memory and time it cannot overrun, and — for a candidate being
 * tried — a process nobody else's page is ever rendered in. Each candidate below is one of the ways an area's
 * release token could once reach the whole platform.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseManifest } from '@btls/build-config/release';
import { integrityOf } from '@btls/build-config/release';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, upload, webRoot } from './release-helpers';

/**
 * A shell whose server build renders /p/… with the public area's server part (its `default(url)` gives the
 * page's HTML) and shows what a read of the API answered; every other page is the shell's own.
 */
const SHELL = `
  let api;
  export const sharedModules = {};
  export const SERVER_DATA_ID = 'btls-data';
  export function configureServerApi(fetch) { api = fetch; }
  export function serverRenderedBy(pathname) { return pathname.startsWith('/p/') ? 'mfe_public' : 'not-found'; }
  export async function render({ url, remotes }) {
    const Page = remotes.mfe_public;
    const read = await api('http://render.invalid/api/certificates/verify/BTLS-0000-0000');
    const html = (Page ? await Page(url) : '<h1>Shell page</h1>') + '<p id="read">' + read.status + '</p>';
    // Through a Buffer, as a page's bytes would go: a patched prototype would show here.
    return { status: 200, head: '', body: Buffer.from(html).toString('utf8'), data: {} };
  }
`;

/** A release of the public area whose server part is `code` (CommonJS, given `require` of nothing). */
function publicRelease(name: string, code: string) {
  const release = makeRelease('public', name);
  const server = new TextEncoder().encode(code);
  const clientManifest = new TextEncoder().encode('{}');
  release.files.set('server/render.cjs', server);
  release.files.set('server/client-manifest.json', clientManifest);
  const manifest: ReleaseManifest = {
    ...release.manifest,
    server: 'server/render.cjs',
    files: {
      ...release.manifest.files,
      'server/render.cjs': { integrity: integrityOf(server), size: server.length },
      'server/client-manifest.json': { integrity: integrityOf(clientManifest), size: clientManifest.length },
    },
  };
  return { manifest, files: release.files };
}

const GOOD = "exports.default = async (url) => '<h1>Public page</h1><p>' + url.length + '</p>';";

let api: TestApi;
let admin: Account;
let token: string;
const logLines: string[] = [];
beforeAll(async () => {
  api = await startApi({
    web: { root: webRoot(SHELL) },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    // Generous for every other test; the limits' own test uses addresses of its own.
    limits: { verifyPerIp: 3, rendersPerIpPerMinute: 4 },
  });
  admin = await account(api, 'admin');
  token = await releaseToken(api, admin.token, 'public');
  const good = publicRelease('good', GOOD);
  expect((await upload(api, good, token)).status).toBe(201);
  expect((await activate(api, 'public', good.manifest.version, token)).status).toBe(200);
}, 60_000);
afterAll(() => api.close());

let visitors = 0;
/** A visitor's page, from an address of its own (so the per-address limits are this visit's alone). */
async function visit(url: string, headers: Record<string, string> = {}, address?: string) {
  const answer = await api.app.inject({
    method: 'GET',
    url,
    headers,
    remoteAddress: address ?? `198.51.100.${++visitors % 250}`,
  });
  return { status: answer.statusCode, html: answer.body, timing: String(answer.headers['server-timing'] ?? '') };
}
const rendered = (html: string) => !html.includes('<div id="root"></div>');

/** Uploads a candidate and answers the path of its signed trial link's query. */
async function candidate(name: string, code: string): Promise<string> {
  const release = publicRelease(name, code);
  expect((await upload(api, release, token)).status).toBe(201);
  const link = await request(api, 'POST', '/api/releases/public/trial', {
    token,
    json: { version: release.manifest.version },
  });
  expect(link.status).toBe(200);
  return link.body.link.slice(1);
}

describe('a candidate server part', () => {
  it('sees an empty environment, reads no file, writes no file and no line of the API log', async () => {
    const report = join(mkdtempSync(join(tmpdir(), 'btls-report-')), 'report.json');
    const trial = await candidate(
      'probe',
      `
      const attempts = {};
      const attempt = (name, fn) => { try { attempts[name] = String(fn()); } catch (error) { attempts[name] = 'refused: ' + (error.code || error.message); } };
      attempt('env', () => Object.keys(process.env).join(','));
      attempt('reportEnv', () => Object.keys(process.report.getReport().environmentVariables).join(','));
      attempt('loadEnvFile', () => process.loadEnvFile('/etc/os-release'));
      attempt('writeReport', () => process.report.writeReport(${JSON.stringify(report)}));
      attempt('binding', () => process.binding('fs'));
      attempt('Function', () => Function('return 1')());
      attempt('eval', () => eval('1'));
      process.stdout.write(JSON.stringify({ level: 50, msg: 'admin password changed' }) + '\\n');
      exports.default = async () => '<h1>Probe</h1><pre id="attempts">' + JSON.stringify(attempts).replace(/</g, '') + '</pre>';
      `,
    );
    // What reaches this process's standard output (where the API's log goes in production).
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stdout.write;
    let page: Awaited<ReturnType<typeof visit>>;
    try {
      page = await visit(`/p/probe${trial}`);
      await new Promise((wait) => setTimeout(wait, 300));
    } finally {
      process.stdout.write = write;
    }
    expect(written.some((line) => line.includes('admin password changed'))).toBe(false);
    expect(page.html).toContain('<h1>Probe</h1>');
    const attempts = JSON.parse(
      /<pre id="attempts">([^<]*)<\/pre>/
        .exec(page.html)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    ) as Record<string, string>;
    expect(attempts.env!.split(',').filter((name) => name && name !== 'NODE_ENV')).toEqual([]);
    expect(attempts.reportEnv!.split(',').filter((name) => name && name !== 'NODE_ENV')).toEqual([]);
    for (const name of ['loadEnvFile', 'writeReport', 'binding', 'Function', 'eval'])
      expect(attempts[name], name).toMatch(/^refused: /);
    expect(existsSync(report)).toBe(false);
    expect(logLines.some((line) => line.includes('admin password changed'))).toBe(false);
  });

  it("patches Buffer's prototype in its own process only: no visitor's page ever carries what it adds", async () => {
    const trial = await candidate(
      'poison',
      `
      const evil = '<script src="/remotes/public/x/evil.js"></script>';
      const toString = Buffer.prototype.toString;
      Buffer.prototype.toString = function (...args) { return toString.apply(this, args) + evil; };
      const join = Array.prototype.join;
      Array.prototype.join = function (...args) { return join.apply(this, args) + evil; };
      exports.default = async () => '<h1>Candidate</h1>';
      `,
    );
    for (let i = 0; i < 6; i++) {
      const tried = await visit(`/p/${i}${trial}`);
      expect(tried.html).toContain('<h1>Candidate</h1>');
    }
    // Ordinary visitors, on pages rendered now and on pages kept for the next visitor.
    for (let i = 0; i < 8; i++) {
      const page = await visit(`/p/${i % 4}`);
      expect(page.html).toContain('<h1>Public page</h1>');
      expect(page.html).not.toContain('evil.js');
    }
    // The trial's own page was not kept for anyone.
    const again = await visit('/p/0');
    expect(again.html).not.toContain('Candidate');
  });

  it('holding 768 MB of ArrayBuffers is killed: the API does not hold them, and pages go on', async () => {
    const trial = await candidate(
      'hungry',
      `
      const kept = [];
      for (let i = 0; i < 12; i++) kept.push(new Uint8Array(64 * 1024 * 1024).fill(1));
      exports.default = async () => '<h1>Fed ' + kept.length + '</h1>';
      `,
    );
    const before = process.memoryUsage().rss;
    const page = await visit(`/p/hungry${trial}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<h1>Fed');
    expect(rendered(page.html)).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
    expect((await visit('/p/after-hungry')).html).toContain('<h1>Public page</h1>');
  });

  it('that spins, tried four times at once, takes no page from any visitor', async () => {
    const trial = await candidate('spin', 'for (;;) {}\n');
    const trials = Array.from({ length: 4 }, (_, i) => visit(`/p/spin-${i}${trial}`));
    // Meanwhile, every visitor's page is rendered on the server as usual.
    await new Promise((wait) => setTimeout(wait, 300));
    for (let i = 0; i < 3; i++) {
      const page = await visit(`/p/while-spinning-${i}`);
      expect(page.html).toContain('<h1>Public page</h1>');
    }
    for (const answer of await Promise.all(trials)) {
      expect(answer.status).toBe(200);
      expect(rendered(answer.html)).toBe(false);
    }
  }, 60_000);
});

describe('renders', () => {
  it("read the API as the visitor: one visitor's reads count against their own address only", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const page = await visit(`/p/reads-${i}`, {}, '203.0.113.7');
      statuses.push(/<p id="read">(\d+)<\/p>/.exec(page.html)?.[1]);
    }
    expect(statuses).toEqual(['404', '404', '404', '429']);
    // Another visitor's reads are theirs.
    expect(/<p id="read">(\d+)<\/p>/.exec((await visit('/p/reads-other', {}, '203.0.113.8')).html)?.[1]).toBe('404');
  });

  it('past a client address’s share of renders a minute, that client’s pages are rendered by its browser', async () => {
    const pages = [];
    for (let i = 0; i < 6; i++) pages.push(await visit(`/p/share-${i}`, {}, '203.0.113.20'));
    expect(pages.map((page) => rendered(page.html))).toEqual([true, true, true, true, false, false]);
    for (const page of pages) expect(page.status).toBe(200);
    // A page kept for the next visitor costs no render: still served whole.
    expect(rendered((await visit('/p/share-0', {}, '203.0.113.20')).html)).toBe(true);
    expect(rendered((await visit('/p/share-5', {}, '203.0.113.21')).html)).toBe(true);
  });
});
