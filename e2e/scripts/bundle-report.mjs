// Part of `npm run bench`: the JavaScript a phone downloads, read from a real Chromium session against the
// production build — the first load of `/`, then the extra bytes when entering each area (a client-side
// navigation, as a user clicking a link). Prints a table; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Issue 12: the first visit of a phone on a slow network (was 150 before server rendering).
const BUDGET_KIB = 110;
/** `node e2e/scripts/bundle-report.mjs --files` also lists every script (gzip KiB, path), biggest first. */
const listFiles = process.argv.includes('--files');
const kib = (n) => (n / 1024).toFixed(1).padStart(8);
const port = 24_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], {
  env: {
    ...process.env,
    DATABASE_URL: '',
    BTLS_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'btls-bundle-')), 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
await new Promise((ready, fail) => {
  let out = '';
  const onData = (c) => {
    out += c;
    if (out.includes('Ready:')) ready();
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.on('exit', (code) => fail(new Error(`server exited ${code}: ${out}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function session(email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.json();
}

/** Collects every script the page downloads: decoded bytes, gzip -9 of them, and bytes on the wire. */
function recorder(page) {
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        url: response.url(),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
      });
    } catch {
      /* navigation raced the body */
    }
  });
  return {
    take() {
      const taken = scripts.splice(0);
      if (listFiles) {
        for (const s of [...taken].sort((a, b) => b.gzip - a.gzip))
          console.log(`${kib(s.gzip)} ${s.url.replace(base, '')}`);
      }
      return taken.reduce(
        (sum, s) => ({ count: sum.count + 1, raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, wire: sum.wire + s.wire }),
        { count: 0, raw: 0, gzip: 0, wire: 0 },
      );
    },
  };
}

async function measure(label, path, account) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  if (account) {
    const { token, user } = await session(account.email, account.password);
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('btlsToken', t);
        localStorage.setItem('btlsUser', u);
      },
      [token, JSON.stringify(user)],
    );
  }
  const page = await context.newPage();
  const scripts = recorder(page);
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  if (listFiles) console.log(`\n[${label}] loading /`);
  const first = scripts.take();
  let extra = null;
  if (path !== '/') {
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    if (listFiles) console.log(`[${label}] then ${path}`);
    extra = scripts.take();
  }
  await context.close();
  return { label, path, first, extra };
}

const rows = [
  await measure('first load of /', '/'),
  await measure('enter trainee area', '/dashboard', { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026' }),
  await measure('enter admin area', '/admin/dashboard', { email: 'admin@btls-demo.rw', password: 'admin-demo-2026' }),
  await measure('enter trainer area', '/trainer/dashboard', {
    email: 'trainer@btls-demo.rw',
    password: 'trainer-demo-2026',
  }),
  await measure('enter employer area', '/employer/dashboard', {
    email: 'employer@btls-demo.rw',
    password: 'employer-demo-2026',
  }),
];
await browser.close();
server.kill('SIGTERM');

console.log('\nJavaScript downloaded (KiB): raw, gzip -9, and on the wire (brotli as served)');
console.log(`${'what'.padEnd(24)}${'files'.padStart(6)}${'raw'.padStart(8)}${'gzip'.padStart(8)}${'wire'.padStart(8)}`);
for (const row of rows) {
  const m = row.extra ?? row.first;
  console.log(`${row.label.padEnd(24)}${String(m.count).padStart(6)}${kib(m.raw)}${kib(m.gzip)}${kib(m.wire)}`);
}
const firstGzip = rows[0].first.gzip / 1024;
console.log(
  `\nBudget for the first load of /: ${BUDGET_KIB} KiB gzip — ${firstGzip <= BUDGET_KIB ? 'within' : 'OVER'} (${firstGzip.toFixed(1)} KiB).`,
);
