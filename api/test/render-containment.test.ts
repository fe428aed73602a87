/**
 * A team's server part runs contained: in a process of its own, with no secret to read, no file to read or
 * write, no network, no line of the API's log to forge, memory and time it cannot overrun, a budget for what it
 * makes the API do, and — for a candidate being tried or a version being rolled out — a process nobody else's
 * page is ever rendered in. Each candidate below is one of the ways an area's release token could once reach
 * the whole platform; each shows in its page what it tried, so the test knows its code ran.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseManifest } from '@btls/build-config/release';
import { integrityOf } from '@btls/build-config/release';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, metricsOf, request, startApi, type Account, type TestApi } from './helpers';
import { activate, makeRelease, releaseToken, TestBrowser, upload, webRoot } from './release-helpers';
import { childrenOf } from '../src/workers/sandbox';

/**
 * A shell whose server build renders /p/… with the public area's server part (its `default(url)` gives the
 * page's HTML) and shows what a read of the API answered; every other page is the shell's own. Like the real
 * shell's kernel, it shares its connection to the API with the server parts (`btls-api`).
 */
const SHELL = `
  let api;
  export const sharedModules = { 'btls-api': (...args) => api(...args) };
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
  // A trial link is opened on the trial origin, typed into the address bar.
  const trial = url.includes('?release=') ? { host: 'trial.localhost', 'sec-fetch-site': 'none' } : {};
  const answer = await api.app.inject({
    method: 'GET',
    url,
    headers: { ...trial, ...headers },
    remoteAddress: address ?? `198.51.100.${++visitors % 250}`,
  });
  return {
    status: answer.statusCode,
    html: answer.body,
    timing: String(answer.headers['server-timing'] ?? ''),
    retryAfter: answer.headers['retry-after'],
  };
}
const rendered = (html: string) => !html.includes('<div id="root"></div>');

/** What a candidate wrote into its page's `<pre id="attempts">` (JSON), read back. */
function attemptsOf(html: string): Record<string, string> {
  const text = /<pre id="attempts">([^<]*)<\/pre>/.exec(html)?.[1];
  if (text === undefined) throw new Error(`the candidate's page did not come: ${html.slice(0, 300)}`);
  return JSON.parse(text.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, string>;
}

/** What a process and every process under it hold in memory, in MB. */
function residentMb(pid: number): number {
  try {
    const own = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    return own + childrenOf(pid).reduce((sum, child) => sum + residentMb(child), 0);
  } catch {
    return 0;
  }
}

/** A listener on this machine that counts who connects to it (a database, a cache, the API's own port). */
async function listener(where: { port: number; host: string } | string) {
  const server: Server = createServer((socket) => socket.destroy());
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(where, resolve));
  return { server, connections: () => connections };
}

/** The number of answers the API gave to `route` so far (its metrics count injected reads too). */
async function answered(route: string): Promise<number> {
  const text = await metricsOf(api);
  return [...text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)]
    .filter(([, labels]) => labels!.includes(`route="${route}"`))
    .reduce((sum, [, , count]) => sum + Number(count), 0);
}

/** Uploads a candidate and answers its signed trial link's query (`?release=…`). */
async function candidate(name: string, code: string): Promise<string> {
  const release = publicRelease(name, code);
  expect((await upload(api, release, token)).status).toBe(201);
  const link = await request(api, 'POST', '/api/releases/public/trial', {
    token,
    json: { version: release.manifest.version },
  });
  expect(link.status).toBe(200);
  return new URL(link.body.link as string).search;
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
    const attempts = attemptsOf(page.html);
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

  it("reaches nothing on the network: not a port or a socket of this machine, not the database's, not the cache's", async () => {
    const tcp = await listener({ port: 0, host: '127.0.0.1' });
    const socketPath = join(mkdtempSync(join(tmpdir(), 'btls-socket-')), 'db.sock');
    const unix = await listener(socketPath);
    const port = (tcp.server.address() as { port: number }).port;
    try {
      const trial = await candidate(
        'network',
        `
        // The class of the process's standard error pipe is net.Socket, which connects anywhere it is let.
        const Socket = process.stderr.constructor;
        const reach = (options) => new Promise((done) => {
          try {
            const socket = new Socket();
            socket.on('connect', () => { socket.destroy(); done('connected'); });
            socket.on('error', (error) => done(error.code || error.message));
            socket.connect(options);
          } catch (error) { done('threw: ' + error.message); }
        });
        const dispatcher = globalThis[Symbol.for('undici.globalDispatcher.1')];
        const viaUndici = () => new Promise((done) => {
          if (!dispatcher) return done('no dispatcher');
          try {
            dispatcher.request({ origin: 'http://127.0.0.1:${port}', path: '/', method: 'GET' }, (error) => done(error ? error.code || error.message : 'connected'));
          } catch (error) { done('threw: ' + error.message); }
        });
        exports.default = async () => {
          const attempts = {
            tcp: await reach({ host: '127.0.0.1', port: ${port} }),
            socket: await reach({ path: ${JSON.stringify(socketPath)} }),
            postgres: await reach({ host: '127.0.0.1', port: 5432 }),
            postgresSocket: await reach({ path: '/var/run/postgresql/.s.PGSQL.5432' }),
            redis: await reach({ host: '127.0.0.1', port: 6379 }),
            undici: await viaUndici(),
          };
          return '<h1>Network</h1><pre id="attempts">' + JSON.stringify(attempts) + '</pre>';
        };
        `,
      );
      const page = await visit(`/p/network${trial}`);
      const attempts = attemptsOf(page.html);
      for (const [name, outcome] of Object.entries(attempts)) expect(outcome, name).not.toBe('connected');
      expect(tcp.connections()).toBe(0);
      expect(unix.connections()).toBe(0);
    } finally {
      tcp.server.close();
      unix.server.close();
    }
  });

  it('cannot pass its memory cap: it dies before it is resident past it', async () => {
    const trial = await candidate(
      'grows',
      `
      const kept = [];
      for (let i = 0; i < 100; i++) kept.push(new Uint8Array(8 * 1024 * 1024).fill(1));
      exports.default = async () => '<h1>Grew ' + kept.length + '</h1>';
      `,
    );
    // What each process this one started holds, with what runs under it, read every few milliseconds.
    let peak = 0;
    const sampler = setInterval(() => {
      for (const child of childrenOf(process.pid)) peak = Math.max(peak, residentMb(child));
    }, 2);
    try {
      const page = await visit(`/p/grows${trial}`);
      expect(rendered(page.html)).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    // It ran (it grew), and never past the cap.
    expect(peak).toBeGreaterThan(150);
    expect(peak).toBeLessThanOrEqual(384);
  });

  it("cannot make the API do a render's work without end: past its budget of reads the page is the browser's", async () => {
    const before = await answered('/api/courses');
    const greedy = await candidate(
      'greedy',
      `
      const api = require('btls-api');
      exports.default = async () => {
        let reads = 0;
        const reader = async () => { while (reads < 2500) { await api('http://render.invalid/api/courses?limit=100'); reads++; } };
        await Promise.all(Array.from({ length: 8 }, reader));
        return '<h1>Greedy</h1><pre id="attempts">' + JSON.stringify({ reads: String(reads) }) + '</pre>';
      };
      `,
    );
    const health = api.app.inject({ method: 'GET', url: '/api/health/live' });
    const page = await visit(`/p/greedy${greedy}`);
    expect(page.status).toBe(200);
    expect(rendered(page.html)).toBe(false);
    expect((await health).statusCode).toBe(200);
    // Cut off at its 64 questions (a few more may have been under way when it was killed).
    expect((await answered('/api/courses')) - before).toBeLessThanOrEqual(64 + 4);
    expect(logLines.some((line) => line.includes('asked too much of the API') && line.includes('64 questions'))).toBe(
      true,
    );

    // A few large answers are cut off by their bytes.
    const large = await candidate(
      'large',
      `
      const api = require('btls-api');
      exports.default = async () => {
        let bytes = 0;
        for (let i = 0; i < 60; i++) bytes += (await (await api('http://render.invalid/api/openapi.json')).text()).length;
        return '<h1>Large</h1><pre id="attempts">' + JSON.stringify({ bytes: String(bytes) }) + '</pre>';
      };
      `,
    );
    const big = await visit(`/p/large${large}`);
    expect(rendered(big.html)).toBe(false);
    expect(logLines.some((line) => line.includes('asked too much of the API') && line.includes('bytes'))).toBe(true);
    expect((await visit('/p/after-greedy')).html).toContain('<h1>Public page</h1>');
  });

  it("is given no other area's server part, and nothing outside /api/, even asking over the channel itself", async () => {
    const traineeToken = await releaseToken(api, admin.token, 'trainee');
    const trainee = makeRelease('trainee', 'trainee with a server part', undefined, {
      'server/render.cjs': "exports.default = () => 'TRAINEE-SERVER-PART';",
    });
    trainee.manifest.server = 'server/render.cjs';
    expect((await upload(api, trainee, traineeToken)).status).toBe(201);
    expect((await activate(api, 'trainee', trainee.manifest.version, traineeToken)).status).toBe(200);
    // The candidate writes its own question on the channel to the API, as the render's code writes one: it waits
    // for the shell's next question (its task's number), then asks in that task for the trainee area's file, and
    // looks for the answer among what arrives.
    const trial = await candidate(
      'reader',
      `
      const Socket = process.stderr.constructor;
      const varint = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };
      const text = (s) => [0x22, ...varint(Buffer.byteLength(s, 'latin1')), ...Buffer.from(s, 'latin1')];
      const int = (n) => [0x49, ...varint(n << 1)];
      const object = (entries) => [0x6f, ...entries.flatMap(([k, v]) => [...text(k), ...v]), 0x7b, ...varint(entries.length)];
      const frame = (task, id, question) => {
        const body = Buffer.from([0xff, 0x0f, ...object([
          ['type', text('ask')], ['task', int(task)], ['id', int(id)], ['question', object(question)],
        ])]);
        const head = Buffer.alloc(4); head.writeUInt32BE(body.length);
        return Buffer.concat([head, body]);
      };
      const fileQuestion = [['kind', text('file')], ['area', text('trainee')],
        ['version', text(${JSON.stringify(trainee.manifest.version)})], ['path', text('server/render.cjs')]];
      // And a read outside /api/, written so that only a router's resolving of dot segments finds it.
      const outsideQuestion = [['kind', text('api')], ['url', text('/api/%2e%2e/remotes.json')], ['headers', object([])]];
      let answered;
      const asked = new Promise((done) => (answered = done));
      let outside;
      const read = new Promise((done) => (outside = done));
      const write = Socket.prototype.write;
      let sent = false;
      Socket.prototype.write = function (chunk, ...rest) {
        if (!sent && this !== process.stderr && Buffer.isBuffer(chunk)) {
          const at = chunk.indexOf(Buffer.from([0x22, 4, ...Buffer.from('task')]));
          if (at >= 0 && chunk[at + 6] === 0x49) {
            let task = 0, shift = 0, i = at + 7, byte;
            do { byte = chunk[i++]; task |= (byte & 0x7f) << shift; shift += 7; } while (byte & 0x80);
            sent = true;
            const channel = this;
            const emit = channel.emit;
            channel.emit = function (event, data, ...more) {
              if (event === 'data' && Buffer.isBuffer(data)) {
                const seen = data.toString('latin1');
                if (seen.includes('TRAINEE-SERVER-PART')) answered('given: TRAINEE-SERVER-PART');
                else if (/not the area this page is rendered by|not a file of this render/.test(seen)) answered('refused: ' + seen.match(/not the area this page is rendered by|not a file of this render/)[0]);
                if (seen.includes('remoteEntry.js')) outside('given: remotes.json');
                else if (seen.includes('only /api/ is served to a render')) outside('refused: only /api/');
              }
              return emit.call(this, event, data, ...more);
            };
            write.call(channel, frame(task >> 1, 999999, fileQuestion));
            write.call(channel, frame(task >> 1, 999998, outsideQuestion));
          }
        }
        return write.call(this, chunk, ...rest);
      };
      exports.default = async () => {
        const late = () => new Promise((done) => setTimeout(() => done('no answer'), 2000));
        const [file, api] = await Promise.all([Promise.race([asked, late()]), Promise.race([read, late()])]);
        return '<h1>Reader</h1><pre id="attempts">' + JSON.stringify({ file, api }) + '</pre>';
      };
      `,
    );
    const attempts = attemptsOf((await visit(`/p/reader${trial}`)).html);
    expect(attempts.file).toMatch(/^refused: /);
    expect(attempts.file).not.toContain('TRAINEE-SERVER-PART');
    expect(attempts.api).toBe('refused: only /api/');
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

  it('past a client address’s share of renders a minute, that client’s pages not kept are a 503 saying when to come back, never an empty page', async () => {
    const pages = [];
    for (let i = 0; i < 6; i++) pages.push(await visit(`/p/share-${i}`, {}, '203.0.113.20'));
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200, 503, 503]);
    expect(pages.map((page) => rendered(page.html))).toEqual([true, true, true, true, true, true]);
    for (const busy of pages.slice(4)) {
      expect(Number(busy.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(busy.html).toContain('The site is busy right now');
      expect(busy.timing).toBe('render;desc="later: render budget spent"');
    }
    // A page kept for the next visitor costs no render: still served whole.
    expect(rendered((await visit('/p/share-0', {}, '203.0.113.20')).html)).toBe(true);
    expect(rendered((await visit('/p/share-5', {}, '203.0.113.21')).html)).toBe(true);
  });
});

describe('a server where render processes cannot be isolated', () => {
  it('says so at start and has browsers render every page: no team code runs unisolated', async () => {
    const lines: string[] = [];
    const bare = await startApi({
      web: { root: webRoot(SHELL), openSandbox: async () => ({ unavailable: 'bubblewrap (bwrap) is not installed' }) },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const owner = await account(bare, 'admin');
      const release = publicRelease('bare', GOOD);
      expect((await upload(bare, release, owner.token)).status).toBe(201);
      expect((await activate(bare, 'public', release.manifest.version, owner.token)).status).toBe(200);
      const said = lines.map((line) => JSON.parse(line) as { level: number; msg: string; why?: string });
      expect(said).toContainEqual(
        expect.objectContaining({
          level: 50,
          why: 'bubblewrap (bwrap) is not installed',
          msg: expect.stringMatching(/^Server rendering is off/),
        }),
      );
      const page = await bare.app.inject({ method: 'GET', url: '/p/anything' });
      expect(page.statusCode).toBe(200);
      expect(rendered(page.body)).toBe(false);
      expect(page.headers['server-timing']).toMatch(/^render;desc="browser: sandbox unavailable"/);
      // An address no area serves is a 404 all the same (the shell shows its not-found page).
      const nowhere = await bare.app.inject({ method: 'GET', url: '/nowhere' });
      expect(nowhere.statusCode).toBe(404);
      expect(nowhere.headers['server-timing']).toMatch(/^render;desc="browser: sandbox unavailable"/);
    } finally {
      await bare.close();
    }
  });
});

describe('a version rolled out to a share of browsers', () => {
  it("renders in processes of its own: no other visitor's page carries what it does, during the rollout or after it stops", async () => {
    const marked = publicRelease(
      'marked',
      `
      const mark = '<i id="rollout-mark">rolled out</i>';
      const toString = Buffer.prototype.toString;
      Buffer.prototype.toString = function (...args) { return toString.apply(this, args) + mark; };
      exports.default = async () => '<h1>Rollout page</h1>';
      `,
    );
    expect((await upload(api, marked, token)).status).toBe(201);
    const started = await request(api, 'POST', '/api/releases/public/rollout', {
      token,
      json: { version: marked.manifest.version, percent: 50 },
    });
    expect(started.status).toBe(200);
    // A browser of each half, their buckets drawn by the server.
    const inject = api.app.inject.bind(api.app);
    const inside = { cookie: (await TestBrowser.drawn(inject, (bucket) => bucket <= 50)).cookie };
    const outside = { cookie: (await TestBrowser.drawn(inject, (bucket) => bucket > 50)).cookie };
    try {
      for (let i = 0; i < 8; i++) {
        // A browser of the rollout's share first, then one outside it, on the same pages (kept or not).
        const rolled = await visit(`/p/rollout-${i % 4}`, inside);
        expect(rolled.html).toContain('<h1>Rollout page</h1>');
        const other = await visit(`/p/rollout-${i % 4}`, outside);
        expect(other.html).toContain('<h1>Public page</h1>');
        expect(other.html).not.toContain('rollout-mark');
      }
    } finally {
      expect((await request(api, 'DELETE', '/api/releases/public/rollout', { token })).status).toBe(200);
    }
    // Stopped: the rollout's browsers get the active version again, rendered or kept, and nothing it rendered.
    for (let i = 0; i < 8; i++) {
      for (const browser of [inside, outside]) {
        const page = await visit(`/p/rollout-${i % 4}`, browser);
        expect(page.html).toContain('<h1>Public page</h1>');
        expect(page.html).not.toContain('rollout-mark');
      }
    }
  });
});
