/**
 * The production build served as `npm start` serves it (a fresh data directory, demo data), and Debian's
 * Chromium driven by playwright-core.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSite, type Site } from '../scripts/site.mjs';

export { ROOT, startSite, type Site } from '../scripts/site.mjs';

/** The test file's site and browser (live bindings: set once `useSite`'s hook has run). */
export let site: Site;
export let browser: Browser;

/**
 * Starts the site and the browser before the file's tests and stops them after: each journey file calls it
 * once at the top (a file's own `beforeAll`, registered after it, runs after them).
 */
export function useSite(): void {
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
};

/** A plain static file server on another origin (a CDN, say), answering with CORS like one would. */
export async function serveFolder(
  folder: string,
): Promise<{ base: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = normalize(join(folder, decodeURIComponent((req.url ?? '/').split('?')[0]!)));
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(folder) || !existsSync(file)) {
      res.statusCode = 404;
      return res.end('not found');
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A fresh browser profile (empty localStorage) with the page's errors (and CSP violations) collected. */
export async function openPage(
  browser: Browser,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A Content-Security-Policy violation (Chromium reports it in the console) counts as an error of the page.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(`CSP: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Waits until the browser has taken the server-rendered page over: React owns the heading the server sent. */
export async function takenOver(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByRole('heading', { level: 1 })
        .evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
}

export const DEMO = {
  admin: { email: 'admin@btls-demo.rw', password: 'admin-demo-2026', firstName: 'Grace' },
  trainee: { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026', firstName: 'Aline' },
  employer: { email: 'employer@btls-demo.rw', password: 'employer-demo-2026', firstName: 'Patrick' },
};

export async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A call to the site's API, as a test's own side channel (e.g. what an admin does meanwhile). */
export async function callApi(
  site: Site,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${site.base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export async function tokenFor(site: Site, who: { email: string; password: string }): Promise<string> {
  const { body } = await callApi(site, '/auth/login', {
    method: 'POST',
    body: { email: who.email, password: who.password },
  });
  return body.token;
}

/** The same, for steps that must succeed: any refusal fails the journey with the answer. */
export async function mustCallApi(site: Site, path: string, init: Parameters<typeof callApi>[2] = {}) {
  const { status, body } = await callApi(site, path, init);
  if (status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}
