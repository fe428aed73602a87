// `npm run bench`: requests/s and p99 latency of GET /api/courses, GET /api/jobs and POST /api/auth/login
// under autocannon (50 connections), and of the server-rendered /courses and /jobs/1 (8 connections:
// a visitor's page kept for the next, and the same page rendered for every request, as for a signed-in user), on
// embedded PGlite and on PostgreSQL, each next to a bare Fastify hello-world measured in the same run. Prints a
// table; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { withPostgresDatabase } from './bench-database.mjs';
import { startServer } from './bench-server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 50;
const login = { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026' };
/** What a phone's browser sends for a page. */
const PAGE_HEADERS = { 'accept-encoding': 'br, gzip', 'accept-language': 'en-US,en;q=0.9' };

function startProcess(args, env, readyText) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

const HELLO = `
  const app = require('fastify')();
  app.get('/', async () => ({ hello: 'world' }));
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('hello ready'));
`;

async function measure(url, options = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
  if (result.non2xx > 0) console.warn(`  (${result.non2xx} non-2xx answers from ${url})`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function benchMode(mode, env) {
  const apiPort = 31_000 + Math.floor(Math.random() * 1000);
  const helloPort = apiPort + 1000;
  const api = await startServer(apiPort, {
    BTLS_DEMO: '1',
    LOG_LEVEL: 'warn',
    BTLS_LOGIN_LIMIT_PER_IP: '1000000000',
    // One client asks for every page: each is rendered, as for many visitors.
    BTLS_RENDER_LIMIT_PER_IP: '1000000000',
    ...env,
  });
  const hello = await startProcess(
    ['-e', HELLO],
    { PORT: String(helloPort), NODE_PATH: join(process.cwd(), 'node_modules') },
    'hello ready',
  );
  const rows = [];
  try {
    const base = `http://127.0.0.1:${apiPort}/api`;
    console.log(`${mode}: bare Fastify hello-world…`);
    const baseline = await measure(`http://127.0.0.1:${helloPort}/`);
    for (const [name, url, options] of [
      ['GET /api/courses', `${base}/courses`, {}],
      ['GET /api/jobs', `${base}/jobs`, {}],
      [
        'POST /api/auth/login',
        `${base}/auth/login`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) },
      ],
      // Public pages for a crowd. A visitor's page is kept; a signed-in user's (the session hint
      // cookie) is rendered for every request, as every page was before the cache.
      ...[`/courses`, `/jobs/1`].flatMap((path) => [
        [`GET ${path} (kept)`, `http://127.0.0.1:${apiPort}${path}`, { connections: 8, headers: PAGE_HEADERS }],
        [
          `GET ${path} (rendered)`,
          `http://127.0.0.1:${apiPort}${path}`,
          { connections: 8, headers: { ...PAGE_HEADERS, cookie: 'btlsWho=trainee.Aline' } },
        ],
      ]),
    ]) {
      console.log(`${mode}: ${name}…`);
      const m = await measure(url, options);
      rows.push({ mode, name, ...m, baseline });
    }
  } finally {
    await stop(api);
    await stop(hello);
  }
  return rows;
}

const rows = [];
rows.push(
  ...(await benchMode('PGlite', { DATABASE_URL: '', BTLS_DATA_DIR: mkdtempSync(join(tmpdir(), 'btls-bench-')) })),
);
try {
  rows.push(
    ...(await withPostgresDatabase('btls_bench', (url) =>
      benchMode('PostgreSQL', {
        DATABASE_URL: url,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
        BTLS_ISSUER_KEY: Buffer.alloc(32, 1).toString('base64'),
      }),
    )),
  );
} catch (error) {
  console.warn(`PostgreSQL skipped: ${error.message}`);
}

const pad = (v, n) => String(v).padEnd(n);
const num = (v, n) => String(v).padStart(n);
console.log(`\n${CONNECTIONS} connections, ${DURATION} s per measurement, ${new Date().toISOString()}`);
console.log(
  `${pad('database', 11)}${pad('endpoint', 28)}${num('req/s', 9)}${num('p99 ms', 9)}  ${num('hello req/s', 12)}${num('hello p99', 10)}${num('ratio', 8)}`,
);
for (const r of rows) {
  console.log(
    `${pad(r.mode, 11)}${pad(r.name, 28)}${num(r.rps.toFixed(0), 9)}${num(r.p99, 9)}  ${num(r.baseline.rps.toFixed(0), 12)}${num(r.baseline.p99, 10)}${num((r.rps / r.baseline.rps).toFixed(3), 8)}`,
  );
}
console.log('ratio = endpoint req/s ÷ hello-world req/s (1.0 would be as fast as an empty Fastify route).');
