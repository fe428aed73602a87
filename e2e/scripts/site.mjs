// @ts-check
// The production build served as `npm start` serves it, on a fresh data directory (so with the demo data) and a
// free port. Plain JavaScript so that both the browser journeys (`test/harness.ts`) and the benchmark scripts
// run by plain `node` (`lighthouse.mjs`) start the server the same way.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { lookup } from 'node:dns';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
/** What GET /metrics asks for on the journeys' site. */
export const METRICS_TOKEN = 'e2e-metrics-token-for-the-journeys';
const serverJs = join(ROOT, 'api', 'dist', 'server.js');

/**
 * @typedef {object} Site
 * @property {string} base
 * @property {string} trialBase
 * @property {string} adminBase the admin console's origin (admin.localhost: browsers take it for this machine)
 * @property {number} cdnPort
 * @property {() => string} output
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<number>} a port nothing listens on at this moment */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {Record<string, string>} [settings] more of the server's environment (a journey's own limits)
 * @returns {Promise<Site>}
 */
export async function startSite(settings = {}) {
  for (const built of [
    serverJs,
    join(ROOT, 'shell', 'dist', 'index.html'),
    join(ROOT, 'mfe-public', 'dist', 'remoteEntry.js'),
  ]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
  }
  const work = mkdtempSync(join(tmpdir(), 'btls-e2e-'));
  // Ports the system says are free now (a random one could be a service's: RabbitMQ listens on 25672 here).
  const port = await freePort();
  // A port for a test's own CDN (serveFolder), the one origin besides public https ones a release may live on.
  const cdnPort = await freePort();
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      BTLS_DATA_DIR: join(work, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      // The site's address, as production sets it: pages and links never take it from a request's Host.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A secret in the API's environment, which no server part may see.
      JWT_SECRET: 'e2e-jwt-secret-that-no-server-part-may-read',
      BTLS_RELEASE_ORIGINS: `http://127.0.0.1:${cdnPort}`,
      BTLS_METRICS_TOKEN: METRICS_TOKEN,
      // Candidates are tried on an origin of their own (browsers take *.localhost for this machine).
      TRIAL_URL: `http://trial.localhost:${port}`,
      // Admins sign in and work on an origin of their own, where no team's code runs (required with PUBLIC_URL).
      ADMIN_URL: `http://admin.localhost:${port}`,
      // Every journey's browser is the one address 127.0.0.1: its pages are all rendered, as for many visitors.
      BTLS_RENDER_LIMIT_PER_IP: '1000000',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((ready, fail) => {
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready:')) ready(undefined);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${output}`)));
  });
  // A server that dies under a journey says why (its last lines), instead of only refusing connections.
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`The site's server exited (${signal ?? code}):\n${output.slice(-4000)}`);
  });
  let stopping = false;
  return {
    base: `http://127.0.0.1:${port}`,
    trialBase: `http://trial.localhost:${port}`,
    adminBase: `http://admin.localhost:${port}`,
    cdnPort,
    /** What the server has written to its standard output and error so far (its log lines). */
    output: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A request to one of the site's origins, as `fetch` would make it but to any `*.localhost` host (the admin console
 * and the trial origin), which browsers take for this machine and Node's resolver does not; the Host header names
 * the origin, as a browser's would. Node's fetch cannot: it writes the Host header itself.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Uint8Array }} [init]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
export function request(url, init = {}) {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup: (host, options, done) =>
          host.endsWith('.localhost')
            ? options.all
              ? done(null, [{ address: '127.0.0.1', family: 4 }])
              : done(null, '127.0.0.1', 4)
            : lookup(host, options, done),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (/** @type {string} */ chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/**
 * The public pages the benchmarks measure, a course and a job picked from the demo data (preferring one with an
 * image, as a real visitor's page would have), those whose path contains `only` when given; each asked once so
 * that the first page measured is not the one that pays for the server's first queries and file reads.
 * @param {string} base
 * @param {string | undefined} only
 * @returns {Promise<string[]>}
 */
export async function publicPages(base, only) {
  const pick = async (/** @type {string} */ list) => {
    const response = await fetch(`${base}/api${list}`);
    if (!response.ok) throw new Error(`GET /api${list}: ${response.status}`);
    const items = /** @type {{ id: number; imageUrl?: string }[]} */ (await response.json());
    const item = items.find((i) => i.imageUrl) ?? items[0];
    if (!item) throw new Error(`GET /api${list} listed nothing: the demo data is missing`);
    return item.id;
  };
  const [course, job] = await Promise.all([pick('/courses'), pick('/jobs')]);
  const pages = ['/', '/courses', `/courses/${course}`, '/jobs', `/jobs/${job}`, '/login'].filter(
    // `=/jobs` names one page exactly; `/jobs` every page whose path holds it.
    (path) => !only || (only.startsWith('=') ? path === only.slice(1) : path.includes(only)),
  );
  for (const path of pages) await fetch(base + path).then((r) => r.arrayBuffer());
  return pages;
}
