// @ts-check
// The JavaScript a phone downloads, read from a real Chromium session against the production build: the first
// load of `/`, then the extra scripts when entering each area (a client-side navigation, as a user following a
// link once signed in). Shared by the budget's test (`test/bundle-budget.test.ts`, part of `npm test`) and the
// report (`scripts/bundle-report.mjs`, part of `npm run bench`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budgets and, per measurement, the size of each file when they were last recorded (to say what grew). */
export const BUDGET_FILE = join(import.meta.dirname, '..', 'bundle-budget.json');

/**
 * @typedef {{ name: string, url: string, raw: number, gzip: number, wire: number }} Script
 * @typedef {{ key: string, label: string, path: string, files: Script[], count: number, raw: number, gzip: number, wire: number }} Measurement
 * @typedef {{ kib: number, files: Record<string, number> }} Budget
 */

/** @returns {Record<string, Budget>} */
export const readBudgets = () => JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));

/**
 * Entering an area: its dashboard, signed in as its demo account (the seed's e-mails and passwords). The admin's
 * is on the console, its own origin: entered from the console's sign-in page, signing in there.
 */
const area = (
  /** @type {string} */ role,
  /** @type {string} */ path,
  /** @type {RegExp} */ heading,
  onConsole = false,
) => ({
  key: role,
  label: `enter ${role} area`,
  path,
  heading,
  account: /** @type {[string, string]} */ ([`${role}@btls-demo.rw`, `${role}-demo-2026`]),
  onConsole,
});

/** The measurements, each a page reached from `/` (signed in as `account` for an area), or from the console's sign-in. */
export const MEASUREMENTS = [
  // A visitor's first page is its HTML: what it loads before a first use, and what that use (a field focused, a
  // button pressed) then loads, the app's start.
  { key: 'first-load', label: 'first load of /', path: '/', heading: undefined, account: undefined, onConsole: false },
  {
    key: 'first-use',
    label: 'first use of / (the app wakes)',
    path: '/',
    heading: undefined,
    account: undefined,
    onConsole: false,
  },
  area('trainee', '/dashboard', /^Welcome, /),
  area('admin', '/admin/dashboard', /^Admin Dashboard$/, true),
  area('trainer', '/trainer/dashboard', /^Welcome, /),
  area('employer', '/employer/dashboard', /^Welcome, /),
];

/**
 * A built file's name without its content hash or release version: `/assets/index-CfT8n5ke.js` → `shell:index`.
 * @param {string} url
 */
export function stableName(url) {
  const path = new URL(url).pathname;
  const release = path.match(/^\/remotes\/([^/]+)\/[^/]+\/(.*)$/);
  const [owner, file] = release ? [release[1], release[2] ?? ''] : ['shell', path.slice(1)];
  const name = file
    .replace(/^assets\//, '')
    .replace(/-[A-Za-z0-9_-]{8}\.js$/, '')
    .replace(/\.js$/, '');
  // Federation's generated modules carry the shared package's name, encoded: `_mf_0_btls_mf_1_shared_mf_2_api`.
  const federated = name.match(/(loadShare|prebuild)__(.+?)__\1/);
  const decode = (/** @type {string} */ id) =>
    id
      .replace(/_mf_0_/g, '@')
      .replace(/_mf_1_/g, '/')
      .replace(/_mf_2_/g, '-');
  if (federated) return `${owner}:${federated[1]}(${decode(federated[2] ?? '')})`;
  if (name.includes('localSharedImportMap')) return `${owner}:localSharedImportMap`;
  const virtual = name.match(/^_virtual_mf_.*__mf_owner__\d+__(.+)$/);
  if (virtual) return `${owner}:mf(${virtual[1]})`;
  return `${owner}:${name}`;
}

/**
 * Collects every script the page downloads: decoded bytes, gzip -9 of them, and bytes on the wire.
 * @param {import('playwright-core').Page} page
 */
function recorder(page) {
  /** @type {Promise<Script | null>[]} */
  const pending = [];
  // Scripts asked for and not yet answered: a measurement ends only when none is (a lazy chunk the page asked
  // for after its heading showed still counts).
  const asked = new Set();
  /** @type {(() => void)[]} */
  const waiting = [];
  const answered = (/** @type {import('playwright-core').Request} */ request) => {
    if (!asked.delete(request) || asked.size > 0) return;
    for (const wake of waiting.splice(0)) wake();
  };
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.add(request);
  });
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        try {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const url = response.url();
          const gzip = gzipSync(body, { level: 9 }).length;
          return { name: stableName(url), url, raw: body.length, gzip, wire: sizes.responseBodySize };
        } catch {
          return null; // a navigation raced the body
        }
      })(),
    );
  });
  return {
    async take() {
      if (asked.size > 0) await new Promise((wake) => waiting.push(() => wake(undefined)));
      const files = /** @type {Script[]} */ ((await Promise.all(pending.splice(0))).filter(Boolean));
      files.sort((a, b) => b.gzip - a.gzip);
      const sum = (/** @type {'raw' | 'gzip' | 'wire'} */ key) => files.reduce((total, file) => total + file[key], 0);
      return { files, count: files.length, raw: sum('raw'), gzip: sum('gzip'), wire: sum('wire') };
    },
  };
}

/**
 * Measures every entry of MEASUREMENTS against the site at `base` (its console at `adminBase`) with `browser`
 * (playwright-core).
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {string} adminBase
 * @returns {Promise<Measurement[]>}
 */
export async function measureBundles(browser, base, adminBase) {
  const results = [];
  for (const { key, label, path, heading, account, onConsole } of MEASUREMENTS) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 800 },
      // The console's worker keeps the admin area's files as it installs (the only area there), some time during
      // the sign-in page's visit: without it, the panel's scripts are the page's own requests, every time.
      serviceWorkers: onConsole ? 'block' : 'allow',
    });
    if (onConsole && account) {
      // The console's first load is its sign-in page; the admin signs in there and the panel's scripts come.
      const page = await context.newPage();
      const scripts = recorder(page);
      await page.goto(`${adminBase}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await scripts.take();
      await page.getByLabel('Email').fill(account[0]);
      await page.getByLabel('Password').fill(account[1]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${adminBase}${path}`);
      // The area's own heading, not the page it left (a navigation inside the page: its network was idle long
      // before, so only the heading says the area's scripts have arrived).
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      results.push({ key, label, path, ...withoutFiles(await scripts.take(), isWorkerChunk) });
      await context.close();
      continue;
    }
    if (account) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account[0], password: account[1] }),
      });
      const { token, user } = await response.json();
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
    // The shell registers its service worker once the page is idle (its own small chunk): part of the first load,
    // whether a loaded machine reaches that before the network first goes quiet or after.
    await page
      .waitForFunction(async () => !!(await navigator.serviceWorker?.getRegistration()), null, { timeout: 30_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    let measured = await scripts.take();
    if (key === 'first-use') {
      // As a first use does: the page's scripts come, take the page over and register the service worker.
      await page.evaluate(() => document.dispatchEvent(new Event('btls:wake')));
      await page.waitForFunction(
        () => {
          const heading = document.querySelector('h1');
          return !!heading && Object.keys(heading).some((name) => name.startsWith('__reactFiber'));
        },
        null,
        { timeout: 30_000 },
      );
      await page.waitForLoadState('networkidle');
      measured = await scripts.take();
    }
    if (path !== '/') {
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // The area's page is on screen when its own heading is (not the page it left: the network of a page that
      // moves inside itself was idle long before); then every script it asked for has arrived.
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      measured = await scripts.take();
      measured = withoutFiles(measured, isWorkerChunk);
    }
    await context.close();
    results.push({ key, label, path, ...measured });
  }
  return results;
}

/** The service worker's chunk is the page's first load's, asked for seconds after it: on a busy machine it can come
 * after that load was measured, but entering an area does not ask for it. */
const isWorkerChunk = (/** @type {Script} */ file) => file.name === 'shell:service-worker';

/**
 * A measurement without the files `left` names, its sums made again.
 * @param {Omit<Measurement, 'key' | 'label' | 'path'>} measured
 * @param {(file: Script) => boolean} left
 */
function withoutFiles(measured, left) {
  const files = measured.files.filter((file) => !left(file));
  const sum = (/** @type {'raw' | 'gzip' | 'wire'} */ key) => files.reduce((total, file) => total + file[key], 0);
  return { files, count: files.length, raw: sum('raw'), gzip: sum('gzip'), wire: sum('wire') };
}

const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

/**
 * The table: files, raw, gzip -9 and on the wire (brotli as served), in KiB, with each budget.
 * @param {Measurement[]} results
 * @param {Record<string, Budget>} budgets
 */
export function formatTable(results, budgets) {
  const lines = [
    'JavaScript downloaded (KiB): raw, gzip -9, and on the wire (brotli as served)',
    `${'what'.padEnd(24)}${'files'.padStart(6)}${'raw'.padStart(8)}${'gzip'.padStart(8)}${'wire'.padStart(8)}${'budget'.padStart(8)}`,
  ];
  for (const r of results) {
    const budget = budgets[r.key]?.kib;
    lines.push(
      `${r.label.padEnd(24)}${String(r.count).padStart(6)}${kib(r.raw).padStart(8)}${kib(r.gzip).padStart(8)}${kib(r.wire).padStart(8)}${(budget === undefined ? '—' : String(budget)).padStart(8)}`,
    );
  }
  return lines.join('\n');
}

/**
 * gzip bytes by stable name (two chunks may share a name, e.g. two `expose` chunks of one area).
 * @param {Script[]} files
 */
function byName(files) {
  /** @type {Record<string, number>} */
  const sizes = {};
  for (const file of files) sizes[file.name] = (sizes[file.name] ?? 0) + file.gzip;
  return sizes;
}

/**
 * What grew against the recorded sizes (gzip), and what is new, biggest change first.
 * @param {Measurement} result
 * @param {Budget | undefined} budget
 */
export function whatGrew(result, budget) {
  const before = budget?.files ?? {};
  return Object.entries(byName(result.files))
    .map(([name, gzip]) => ({ name, gzip, delta: gzip - (before[name] ?? 0), isNew: !(name in before) }))
    .filter(({ delta }) => delta > 0)
    .sort((a, b) => b.delta - a.delta)
    .map(
      ({ name, gzip, delta, isNew }) =>
        `  +${kib(delta).padStart(6)} KiB  ${name} (${kib(gzip)} KiB${isNew ? ', new' : ''})`,
    );
}

/**
 * The budgets file with each measurement's files as recorded now (the budgets themselves unchanged).
 * @param {Measurement[]} results
 * @param {Record<string, Budget>} budgets
 */
export function recorded(results, budgets) {
  return Object.fromEntries(
    results.map((r) => [r.key, { kib: budgets[r.key]?.kib ?? Math.ceil(r.gzip / 1024), files: byName(r.files) }]),
  );
}
