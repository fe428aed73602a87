/**
 * The production build served as `npm start` serves it (a fresh data directory, demo data), and Debian's
 * Chromium driven by playwright-core.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import type { RemoteArea } from '@btls/build-config/remotes';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { request, startSite, type Site } from '../scripts/site.mjs';

export { METRICS_TOKEN, request, ROOT, startSite, type Site } from '../scripts/site.mjs';
export { changeBuiltFile, copyOfBuild, runRelease, teamCheckout, withTexts } from '../scripts/releases';

/** The test file's site and browser (live bindings: set once `useSite`'s hook has run). */
export let site: Site;
export let browser: Browser;

/**
 * Starts the site and the browser before the file's tests and stops them after: each journey file calls it
 * once at the top (a file's own `beforeAll`, registered after it, runs after them). `settings`: more of the
 * server's environment.
 */
export function useSite(settings: Record<string, string> = {}): void {
  // (A site starts beside another file's journeys, the rollouts' throttled phones among them: give it time.)
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(settings), launchBrowser()]);
  }, 300_000);
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
  port = 0,
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
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: listening } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${listening}`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * On a phone the site's navigation, Logout and language are in the Menu (`name`: its name in the page's language):
 * a user taps Menu first. On a wide screen (no Menu button shown) they are in the bar already.
 */
export async function openSiteMenu(page: Page, name = 'Menu'): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name, exact: true });
  if (await menu.isVisible()) await menu.click();
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

/**
 * Wakes a visitor's server-rendered page (its scripts wait for a first use: a field focused, a button pressed;
 * a journey that goes on to use the page as an app asks for them as that use would) and waits until the browser
 * has taken it over: React owns the heading the server sent. The scripts hydrate in slices: on a busy machine a
 * long page takes seconds, not the poll's default one.
 */
export async function takenOver(page: Page, within: { expect: typeof expect } = { expect }): Promise<void> {
  // A concurrent test passes its own `expect` (vitest's rule for concurrent tests).
  await within.expect
    .poll(
      () =>
        page.getByRole('heading', { level: 1 }).evaluate((el) => {
          document.dispatchEvent(new Event('btls:wake'));
          return Object.keys(el).some((key) => key.startsWith('__reactFiber'));
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Waits until the page has drawn what the last change caused: two frames (React's commit and the paint after it,
 * an IntersectionObserver's answer) and no CSS transition still running. What a journey checks did not happen
 * (no dialog, no offer) is checked then: anything the change started has had its turn.
 */
export async function settled(page: Page): Promise<void> {
  const frames = () =>
    page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await frames();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition && animation.playState === 'running').length,
      ),
    )
    .toBe(0);
  await frames();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds serious or critical in the page as it is now (an open dialog included). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
        ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export const DEMO = {
  admin: { email: 'admin@btls-demo.rw', password: 'admin-demo-2026', firstName: 'Grace' },
  trainer: { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' },
  trainee: { email: 'trainee@btls-demo.rw', password: 'trainee-demo-2026', firstName: 'Aline' },
  employer: { email: 'employer@btls-demo.rw', password: 'employer-demo-2026', firstName: 'Patrick' },
};

/**
 * Signs `who` in on the sign-in page of `base`: the site's, or the admin console's (`site.adminBase`) for an admin.
 * On the console the page is also made to answer when it asks for the password again before a dangerous action
 * (`answerWhenAsked`), as an admin would.
 */
export async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  if (base === site?.adminBase) await answerWhenAsked(page, who.password);
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The console's dialog asking who is at the keyboard before a dangerous action (sudo mode). */
export const askedAgain = (page: Page) => page.getByRole('dialog', { name: 'Confirm it is you' });

/**
 * Whenever the console asks again (its sign-in older than the window) in the middle of a journey's step, the admin
 * gives the password and the step goes on: a journey that is not about that dialog is not stopped by it.
 */
export async function answerWhenAsked(page: Page, password: string): Promise<void> {
  await page.addLocatorHandler(askedAgain(page), async (dialog) => {
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
}

/** Whether a token is a session of the admin console (its claim; read here as the test's own side channel). */
function isConsoleToken(token: string | undefined): boolean {
  try {
    return !!token && JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).console === true;
  } catch {
    return false;
  }
}

/** Each console session's password, for answering when the API asks for it again (`session.sudoRequired`). */
const passwords = new Map<string, string>();

/** A sign-in through the API: on the console for an admin (the site refuses admins), on the site for anyone else. */
async function logIn(site: Site, who: { email: string; password: string }) {
  const body = { email: who.email, password: who.password };
  const on = (base: string) => callApi(site, '/auth/login', { method: 'POST', body }, base);
  let answer = await on(who.email === DEMO.admin.email ? site.adminBase : site.base);
  if (answer.status === 403 && answer.body.code === 'session.adminOnConsole') answer = await on(site.adminBase);
  if (answer.status === 403 && answer.body.code === 'session.consoleAdminsOnly') answer = await on(site.base);
  if (isConsoleToken(answer.body.token)) passwords.set(answer.body.token, who.password);
  return answer;
}

/**
 * A browser profile already signed in as `who` (the session as a sign-in stores it), without the sign-in page:
 * for a journey whose first page of an area must be the one it opens itself. An admin's is the console's (stored
 * on that origin only).
 */
export async function signedInProfile(context: BrowserContext, who: { email: string; password: string }) {
  const { body } = await logIn(site, who);
  const origin = isConsoleToken(body.token) ? site.adminBase : site.base;
  await context.addInitScript(
    ([token, user, origin]) => {
      if (location.origin === origin && !localStorage.getItem('btlsToken')) {
        localStorage.setItem('btlsToken', token);
        localStorage.setItem('btlsUser', user);
      }
    },
    [body.token, JSON.stringify(body.user), origin] as const,
  );
}

/**
 * A call to the site's API, as a test's own side channel (e.g. what an admin does meanwhile): sent to the console
 * with a console session's token (`base` to choose), to the site otherwise. A dangerous action the API asks the
 * password again for is answered with it and made again, as the console's dialog would.
 */
export async function callApi(
  site: Site,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
  base = isConsoleToken(init.token) ? site.adminBase : site.base,
): Promise<{ status: number; body: any }> {
  const call = async (token: string | undefined) => {
    const answer = await request(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : undefined };
  };
  const answer = await call(init.token);
  const password = init.token && passwords.get(init.token);
  if (answer.status !== 403 || answer.body?.code !== 'session.sudoRequired' || !password) return answer;
  const confirmed = await callApi(site, '/auth/sudo', { method: 'POST', token: init.token, body: { password } });
  if (confirmed.status !== 200) return answer;
  passwords.set(confirmed.body.token, password);
  return call(confirmed.body.token);
}

export async function tokenFor(site: Site, who: { email: string; password: string }): Promise<string> {
  return (await logIn(site, who)).body.token;
}

/** The same, for steps that must succeed: any refusal fails the journey with the answer. */
export async function mustCallApi(site: Site, path: string, init: Parameters<typeof callApi>[2] = {}) {
  const { status, body } = await callApi(site, path, init);
  if (status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}

// ------------------------------------------------------------ releases

/** A release token of `area`, made by the demo admin. */
export async function releaseTokenFor(site: Site, area: RemoteArea): Promise<string> {
  const admin = await tokenFor(site, DEMO.admin);
  return (await mustCallApi(site, '/release-tokens', { method: 'POST', token: admin, body: { area } })).token;
}

/**
 * A page of the site's trial origin (`trial.localhost`, which browsers take for this machine and Node does not),
 * asked as a browser opening a link typed into its address bar.
 */
export function fetchOnTrial(path: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${site.trialBase}${path}`,
      {
        headers: { 'sec-fetch-site': 'none' },
        lookup: (_host, _options, done) => done(null, [{ address: '127.0.0.1', family: 4 }]),
      },
      (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (html += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, html }));
      },
    );
    request.on('error', reject);
  });
}

/** The trial ticket of the link `npm run release -- --candidate` printed (the value of its `?release=`). */
export function trialTicketIn(output: string): string {
  const ticket = /\?release=([^\s&]+)/.exec(output)?.[1];
  if (!ticket) throw new Error(`no trial link in: ${output}`);
  return ticket;
}

/** The area's active version and its releases, as the release API lists them. */
export async function releasesOf(site: Site, area: RemoteArea, adminToken?: string) {
  const admin = adminToken ?? (await tokenFor(site, DEMO.admin));
  const all: {
    area: string;
    active: string | null;
    rollout: { version: string; percent: number } | null;
    versions: { version: string }[];
  }[] = await mustCallApi(site, '/releases', { token: admin });
  return all.find((item) => item.area === area)!;
}

/** A new trainee's approved enrollment, assigned to the demo trainer; with the trainer's token. */
export async function enrollmentOfDemoTrainer(lastName: string) {
  const admin = await tokenFor(site, DEMO.admin);
  const trainer = await tokenFor(site, DEMO.trainer);
  const trainee = await mustCallApi(site, '/auth/register', {
    method: 'POST',
    body: { firstName: 'Solange', lastName, email: `solange.${Date.now()}@example.rw`, password: 'kawa-2026' },
  });
  const courses = await mustCallApi(site, '/courses');
  const course = courses.find((c: { title: string }) => c.title.startsWith('Manual Brewing'));
  const applied = await mustCallApi(site, '/enrollments/apply', {
    method: 'POST',
    token: trainee.token,
    body: { courseId: course.id },
  });
  await mustCallApi(site, `/enrollments/${applied.applicationId}/status`, {
    method: 'PUT',
    token: admin,
    body: { status: 'Approved', adminNotes: '' },
  });
  const trainers = await mustCallApi(site, '/users/trainers', { token: admin });
  const demoTrainer = trainers.find((t: { email: string }) => t.email === DEMO.trainer.email);
  await mustCallApi(site, `/enrollments/${applied.applicationId}/assign-trainer`, {
    method: 'PUT',
    token: admin,
    body: { trainerId: demoTrainer.id },
  });
  return { enrollmentId: applied.applicationId as number, trainer };
}

/** The trainer adds a progress record on the student's page. */
export async function addRecord(page: Page, name: string, score: string) {
  await page.getByLabel('Assessment name').fill(name);
  await page.getByLabel('Score', { exact: true }).fill(score);
  await page.getByLabel('Max Score').fill('10');
  await page.getByRole('button', { name: 'Add Record' }).click();
  await page.getByRole('table').getByText(name, { exact: true }).waitFor();
}

/**
 * The cookies of a browser the server drew into the share `wanted` accepts (its bucket), while a rollout runs: maps
 * of areas are asked for until one comes with such a bucket, as a browser would have to (a bucket cannot be
 * written by hand: the server signs the one it draws).
 */
export async function drawnBrowser(
  base: string,
  wanted: (bucket: number) => boolean,
): Promise<{ name: string; value: string; url: string }[]> {
  for (let drawn = 0; drawn < 1000; drawn++) {
    const answer = await fetch(`${base}/remotes.json`);
    const pairs = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const bucket = Number(/^btlsBucket=(\d+)\./.exec(pairs.find((pair) => pair.startsWith('btlsBucket=')) ?? '')?.[1]);
    if (bucket && wanted(bucket))
      return pairs.map((pair) => ({
        name: pair.slice(0, pair.indexOf('=')),
        value: pair.slice(pair.indexOf('=') + 1),
        url: base,
      }));
  }
  throw new Error('No browser of that share in 1,000 draws: is a rollout running?');
}
