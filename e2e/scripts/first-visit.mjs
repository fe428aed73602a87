// Part of `npm run bench`: what a first visit costs a phone in data, counted where it is paid — leaving the
// server. A counting proxy stands in front of the production build; a fresh Chromium profile at 390 px opens a
// page and stays 30 s (the service worker installs meanwhile: registered by the page's loader where the page's
// script never wakes, as on a visitor's page read and left). Every answer's bytes on the wire (headers and
// body as sent, compressed) are summed by who asked — the page, or the worker keeping files for offline
// (its requests' referrer is the worker's script) — and by type. Asserts nothing.
//
//   node --import tsx e2e/scripts/first-visit.mjs [path …] [--save-data] [--seconds 30] [--second]
//        [--after-release AREA] [--list]
//
// --save-data: the browser's data saver, as its pages and the server see it (navigator.connection.saveData, and the
// Save-Data header on the page's requests).
// --second opens the page once more in the same profile afterwards, as the next day's visit (nothing released
// meanwhile; the worker's record of this phone's last page is set a day back, as a day would have done) and
// stays as long: what that costs, code apart (a visitor who came back: the worker keeps the app's code then).
// --after-release AREA: then AREA's team releases a build in which one module changed (a file of a new name,
// and the entry that names it); the same profile opens the page again and stays as long: what a returning phone
// downloads after a release, the new worker's install included.
//
// A path may name the demo's first course or job: `/courses/:id`, `/jobs/:id`. Without paths: `/`, `/jobs/:id`
// (a page shared in chat groups) and `/courses/:id`. --list prints every answer (P: the page's, W: the worker's).
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { request, startSite } from './site.mjs';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 30;
const saveData = args.includes('--save-data');
const paths = args.filter((arg, i) => arg.startsWith('/') && args[i - 1] !== '--seconds');
const releasedArea = args.includes('--after-release') ? args[args.indexOf('--after-release') + 1] : undefined;

/**
 * A team's next build in which one module changed: the area's exposed module gets new bytes and so a new
 * name, and every file naming it (its entry) names the new one.
 * @param {string} dist
 * @param {typeof import('./releases.ts').changeBuiltFile} changeBuiltFile
 */
function changeOneModule(dist, changeBuiltFile) {
  const entry = readFileSync(join(dist, 'remoteEntry.js'), 'utf8');
  const module = readdirSync(join(dist, 'assets')).find((file) => /^expose-.*\.js$/.test(file) && entry.includes(file));
  if (!module) throw new Error(`no exposed module named in ${dist}/remoteEntry.js`);
  changeBuiltFile(dist, `assets/${module}`, (text) => `${text}\n// the next release\n`);
}

/** What an area's team does: `npm run release` of that build with a token an admin made for the area. */
async function releaseOneChange(area) {
  const { changeBuiltFile, copyOfBuild, runRelease } = await import('./releases.ts');
  // On the admin console: an admin signs in and makes tokens there only.
  const call = async (path, body, token) => {
    const response = await request(`${site.adminBase}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status >= 400) throw new Error(`POST /api${path}: ${response.status} ${response.text}`);
    return JSON.parse(response.text);
  };
  const admin = (await call('/auth/login', { email: 'admin@btls-demo.rw', password: 'admin-demo-2026' })).token;
  const { token } = await call('/release-tokens', { area }, admin);
  const release = copyOfBuild(area, (dist) => changeOneModule(dist, changeBuiltFile));
  const released = await runRelease(site, release.folder, ['release', '--no-build'], token);
  if (released.code !== 0) throw new Error(released.output);
  return release.version;
}

/** @param {string} path @param {string} type */
function kindOf(path, type) {
  if (/javascript/.test(type)) return 'JavaScript';
  if (/css/.test(type)) return 'CSS';
  if (/html/.test(type)) return 'HTML';
  if (/json/.test(type)) return path.startsWith('/api/') ? 'API data' : 'JSON';
  if (/image/.test(type)) return 'images';
  if (/font/.test(type)) return 'fonts';
  return 'other';
}

const site = await startSite();
const target = new URL(site.base);
/** @type {{ path: string, bytes: number, worker: boolean, kind: string }[]} */
let answers = [];
const proxy = http.createServer((req, res) => {
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      const head = Object.entries(answer.headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        20,
      );
      let body = 0;
      answer.on('data', (chunk) => (body += chunk.length));
      answer.on('end', () =>
        answers.push({
          path: (req.url ?? '').split('?')[0],
          bytes: head + body,
          // What the worker fetches to keep (and what it fetches for the page once in control) has the
          // worker's script as its referrer; the page's own requests have the page.
          worker: /\/sw\.js$/.test(String(req.headers.referer ?? '')),
          kind: kindOf(req.url ?? '', String(answer.headers['content-type'] ?? '')),
        }),
      );
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
await new Promise((done) => proxy.listen(0, '127.0.0.1', () => done(undefined)));
const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (proxy.address()).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
try {
  for (const asked of paths.length ? paths : ['/', '/jobs/:id', '/courses/:id']) {
    answers = [];
    let path = asked;
    for (const resource of ['courses', 'jobs'])
      if (path === `/${resource}/:id`) {
        const [first] = await (await fetch(`${site.base}/api/${resource}?limit=1`)).json();
        path = `/${resource}/${first.id}`;
      }
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
    });
    // A data saver's browser says so to its pages too (navigator.connection.saveData), as well as in its requests.
    if (saveData)
      await context.addInitScript(() => {
        const info = globalThis.NetworkInformation?.prototype;
        if (info) Object.defineProperty(info, 'saveData', { configurable: true, get: () => true });
      });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(seconds * 1000);
    const first = answers;
    // The next visit, nothing released meanwhile: the same profile opens the page again (the worker in control).
    /** @type {typeof answers} */
    let second = [];
    if (args.includes('--second')) {
      // A day later (shell/src/sw/visits.ts: a later visit starts a while after the last page opened).
      await page.evaluate(async () => {
        const meta = await caches.open('btls-meta');
        await meta.put('/__btls/visit', new Response(JSON.stringify({ last: Date.now() - 24 * 3600 * 1000 })));
      });
      await page.close();
      answers = [];
      const again = await context.newPage();
      await again.goto(`${base}${path}`);
      await again.waitForTimeout(seconds * 1000);
      second = answers;
      answers = first;
    }
    /** @type {typeof answers} */
    let afterRelease = [];
    if (releasedArea) {
      const version = await releaseOneChange(releasedArea);
      console.log(`\n${releasedArea}@${version} released, one module changed`);
      for (const open of context.pages()) await open.close();
      answers = [];
      const again = await context.newPage();
      await again.goto(`${base}${path}`);
      await again.waitForTimeout(seconds * 1000);
      afterRelease = answers;
      answers = first;
    }
    await context.close();
    const sum = (list) => list.reduce((total, answer) => total + answer.bytes, 0);
    if (second.length > 0) {
      const code = second.filter((answer) => answer.kind === 'JavaScript' || answer.kind === 'CSS');
      console.log(
        `\nSecond visit to ${path} (the next day, worker in control), ${seconds} s: ${kib(sum(second))} KiB in ${second.length} answers, of which code ${kib(sum(code))} KiB in ${code.length}`,
      );
      if (args.includes('--list'))
        for (const answer of second) console.log(`2${answer.worker ? 'W' : 'P'} ${kib(answer.bytes)} ${answer.path}`);
    }
    if (afterRelease.length > 0) {
      console.log(`\nThe visit after ${releasedArea}'s release (${seconds} s): KiB from the server`);
      console.log(`${'answer'.padEnd(60)}${'KiB'.padStart(8)}  by`);
      for (const answer of afterRelease)
        console.log(`${answer.path.slice(0, 59).padEnd(60)}${kib(answer.bytes)}  ${answer.worker ? 'worker' : 'page'}`);
      console.log(`${'all'.padEnd(60)}${kib(sum(afterRelease))}  ${afterRelease.length} answers`);
    }
    const kinds = [...new Set(answers.map((answer) => answer.kind))].sort();
    console.log(`\nFirst visit to ${path}${saveData ? ' (Save-Data: on)' : ''}, ${seconds} s: KiB from the server`);
    console.log(`${'type'.padEnd(12)}${'page'.padStart(8)}${'worker'.padStart(8)}${'all'.padStart(8)}  answers`);
    for (const kind of kinds) {
      const of = answers.filter((answer) => answer.kind === kind);
      console.log(
        `${kind.padEnd(12)}${kib(sum(of.filter((a) => !a.worker)))} ${kib(sum(of.filter((a) => a.worker)))} ${kib(sum(of))}  ${of.length}`,
      );
    }
    console.log(
      `${'all'.padEnd(12)}${kib(sum(answers.filter((a) => !a.worker)))} ${kib(sum(answers.filter((a) => a.worker)))} ${kib(sum(answers))}  ${answers.length}`,
    );
    if (args.includes('--list'))
      for (const answer of answers) console.log(`${answer.worker ? 'W' : 'P'} ${kib(answer.bytes)} ${answer.path}`);
  }
} finally {
  await browser.close();
  proxy.close();
  await site.stop();
}
