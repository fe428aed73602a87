/** The shell and the federation platform, in a real browser against the production build. */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  browser,
  copyOfBuild,
  DEMO,
  openPage,
  releasesOf,
  request,
  releaseTokenFor,
  runRelease,
  serveFolder,
  signIn,
  site,
  takenOver,
  useSite,
} from './harness';

useSite();

const storedSession = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('btlsToken'), user: localStorage.getItem('btlsUser') }));

describe('signing up, in and out', () => {
  it('a visitor signs up as a trainee and lands on /dashboard, greeted by first name', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${site.base}/register`);
    await page.getByLabel('First Name').fill('Diane');
    await page.getByLabel('Last Name').fill('Ingabire');
    await page.getByLabel('Email').fill(`diane.${Date.now()}@example.rw`);
    await page.getByLabel('Password', { exact: true }).fill('kawa-2026');
    await page.getByLabel('Confirm Password').fill('kawa-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${site.base}/dashboard`);
    await page.getByRole('banner').getByText('Hello, Diane').waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'My Dashboard' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the form filled and shows the reason when registration is refused', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/register`);
    await page.getByLabel('First Name').fill('Aline');
    await page.getByLabel('Last Name').fill('Again');
    await page.getByLabel('Email').fill(DEMO.trainee.email);
    await page.getByLabel('Password', { exact: true }).fill('kawa-2026');
    await page.getByLabel('Confirm Password').fill('kawa-2027');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm Password').fill('kawa-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('An account with this email already exists.').waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Aline');
    expect(page.url()).toBe(`${site.base}/register`);
    await context.close();
  });

  it('signs in, survives a reload, and logout clears both keys and lands on /login', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, site.base, DEMO.employer);
    await page.waitForURL(`${site.base}/employer/dashboard`);
    // The public pages' top bar, where the session shows and ends.
    await page.goto(`${site.base}/`);
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user!)).toMatchObject({ email: DEMO.employer.email, role: 'employer' });

    await page.reload();
    await page.getByRole('banner').getByText(`Hello, ${DEMO.employer.firstName}`).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Employer Panel' }).getAttribute('href')).toBe(
      '/employer/dashboard',
    );

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.base}/login`);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('shows the server message in a red banner on a wrong password, form still filled', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, site.base, { email: DEMO.trainee.email, password: 'wrong-password' });
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.trainee.email);
    await context.close();
  });

  it('a company registers at /employer/register and is sent to /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/employer/register`);
    await page.getByLabel('Company Name').fill('Question Coffee');
    await page.getByLabel('Contact First Name').fill('Eric');
    await page.getByLabel('Contact Last Name').fill('Nshuti');
    await page.getByLabel('Email').fill(`hr.${Date.now()}@question.rw`);
    await page.getByLabel('Password', { exact: true }).fill('beans-2026');
    await page.getByLabel('Confirm Password').fill('beans-2026');
    await page.getByRole('button', { name: 'Register Company' }).click();
    await page.waitForURL(`${site.base}/login`);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await context.close();
  });
});

describe('protected pages', () => {
  it('sends a signed-out visitor to /login and back to the page they asked for', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/apply-for-course`);
    await page.waitForURL(`${site.base}/login`);
    await page.getByLabel('Email').fill(DEMO.trainee.email);
    await page.getByLabel('Password').fill(DEMO.trainee.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.base}/apply-for-course`);
    await context.close();
  });

  it('sends a user of the wrong role to /dashboard', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, site.base, DEMO.trainee);
    await page.waitForURL(`${site.base}/dashboard`);
    // (The admin pages are the console's: the site sends their addresses there.)
    await page.goto(`${site.base}/employer/dashboard`);
    await page.waitForURL(`${site.base}/dashboard`);
    await context.close();
  });

  it('opens the admin panel for an admin, with their name and e-mail in the sidebar', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, site.adminBase, DEMO.admin);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    await page.goto(`${site.adminBase}/admin`);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    const sidebar = page.getByRole('complementary', { name: 'Admin Panel' });
    await sidebar.getByText(DEMO.admin.email).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the bare not-found placeholder for any other path', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });
});

describe('serving', () => {
  it("caches hashed assets and releases' files for a year, and revalidates index.html and remotes.json", async () => {
    const html = await fetch(`${site.base}/courses/1`);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    // A server-rendered public page: browsers ask again every time; it is this browser's own (its load tickets,
    // its id), so no shared cache keeps it.
    expect(html.headers.get('cache-control')).toBe('private, no-cache');
    expect(html.headers.get('server-timing')).toMatch(/btls-load;desc="/);
    const shellPage = await request(`${site.adminBase}/admin/dashboard`);
    expect(shellPage.headers['cache-control']).toBe('private, no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${site.base}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const remotes = await fetch(`${site.base}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toBe('private, no-cache');
    // Each release's files live at a URL of their own: immutable, the entry included.
    const entry = (await remotes.json()).mfe_public.entry as string;
    expect(entry).toMatch(/^\/remotes\/public\/1\.0\.0\+[0-9a-f]{10}\/remoteEntry\.js$/);
    const remoteEntry = await fetch(`${site.base}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(remoteEntry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(remoteEntry.headers.get('content-encoding')).toBe('br');
    // A release's server part is for the server only.
    expect((await fetch(`${site.base}${entry.replace('remoteEntry.js', 'server/render.cjs')}`)).status).toBe(404);
    const api404 = await fetch(`${site.base}/api/nothing`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ message: expect.any(String) });
    expect((await fetch(`${site.base}/assets/missing.js`)).status).toBe(404);
  });
});

describe('one page, many remotes', () => {
  it('has one React, one router, one session store, one API client and one i18n runtime, all provided by the shell', async () => {
    const { page, context } = await openPage(browser);
    // Every script the page asks a remote for (read again below: a navigation drops the page's copies).
    const remoteScripts = new Set<string>();
    page.on('request', (asked) => {
      if (asked.url().includes('/remotes/') && asked.resourceType() === 'script') remoteScripts.add(asked.url());
    });
    await signIn(page, site.adminBase, DEMO.admin);
    await page.waitForURL(`${site.adminBase}/admin/dashboard`);
    // Signing in on the shell's console page is what the admin's remote shows: the same store.
    await page.getByRole('complementary', { name: 'Admin Panel' }).getByText(DEMO.admin.email).waitFor();
    await page.goto(`${site.adminBase}/admin/dashboard`);
    await page.getByRole('complementary', { name: 'Admin Panel' }).waitFor();

    const providers = await page.evaluate(() => {
      const share =
        (
          globalThis as {
            __FEDERATION__?: {
              __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string }>>>>;
            };
          }
        ).__FEDERATION__?.__SHARE__ ?? {};
      const seen: Record<string, Set<string>> = {};
      for (const scopes of Object.values(share)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, entry] of Object.entries(versions)) {
              (seen[name] ??= new Set()).add(`${version} from ${entry.from}`);
            }
          }
        }
      }
      return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]]));
    });
    for (const name of ['react', 'react-dom', 'react-dom/client', '@btls/kernel']) {
      expect(providers[name], name).toHaveLength(1);
      expect(providers[name]![0], name).toMatch(/ from shell$/);
    }
    // The session store's zustand, Lingui's core and the router are inside the kernel, so one each; not shares of
    // their own (each share costs every container a wrapper on the first visit). The contract is no share at
    // all: each area brings the calls and texts it uses.
    for (const name of ['zustand', '@lingui/core', 'react-router', '@btls/shared-api', '@btls/shared-auth'])
      expect(providers[name], name).toBeUndefined();
    // No remote sent a copy of React, the router, the session store, the HTTP client or the i18n runtime (each marked by a text
    // that only its code holds).
    const markers = [
      'react.transitional.element',
      'inside another <Router>',
      'Failed to parse user from localStorage',
      'Request timed out',
      // A second i18n runtime (Lingui's core; our own part of it is in the kernel).
      'Attempted to call a translation function',
    ];
    const scripts = await Promise.all(
      [...remoteScripts].map(async (url) => ({ url, body: (await request(url)).text })),
    );
    expect(scripts.length).toBeGreaterThan(2);
    const copies = scripts.flatMap(({ url, body }) =>
      markers.filter((marker) => body.includes(marker)).map((marker) => `${marker} in ${url}`),
    );
    expect(copies).toEqual([]);
    await context.close();
  });

  it("loads a remote's CSS with the remote", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/login`);
    const card = page.locator('form').first();
    await card.waitFor();
    // The sign-in card's white background and shadow come from mfe-public's CSS module.
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await context.close();
  });

  it('shows a panel for a remote that is down, keeps the rest working, and Retry really retries', async () => {
    const { page, context } = await openPage(browser);
    try {
      // The admin area's host does not answer (its files cannot be fetched).
      await context.route('**/remotes/admin/**', (route) => route.abort('connectionrefused'));
      await signIn(page, site.adminBase, DEMO.admin);
      await page.waitForURL(`${site.adminBase}/admin/dashboard`);
      await page.goto(`${site.adminBase}/admin/dashboard`);
      await page.getByRole('heading', { name: 'This part of the site is unavailable right now' }).waitFor();

      // The rest of the site still works.
      await page.goto(`${site.base}/courses`);
      await page.getByRole('heading', { level: 1, name: 'Our Barista Courses' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'This part of the site is unavailable right now' }).waitFor();

      // The host comes back; Retry loads the area without a page reload.
      await context.unroute('**/remotes/admin/**');
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('complementary', { name: 'Admin Panel' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('loads an area whose release lives on another origin (a CDN), and goes back to the one before', async () => {
    const cdnRoot = mkdtempSync(join(tmpdir(), 'btls-cdn-'));
    // On the one local origin this server lets releases live on (BTLS_RELEASE_ORIGINS).
    const cdn = await serveFolder(cdnRoot, site.cdnPort);
    const copy = copyOfBuild(
      'public',
      (dist) => writeFileSync(join(dist, 'assets', 'on-a-cdn.txt'), 'served from another origin\n'),
      `${cdn.base}/public-v2/`,
    );
    cpSync(copy.dist, join(cdnRoot, 'public-v2'), { recursive: true });
    const token = await releaseTokenFor(site, 'public');
    const before = (await releasesOf(site, 'public')).active;
    const { page, context, errors } = await openPage(browser);
    try {
      const released = await runRelease(site, copy.folder, ['release', '--no-build'], token);
      expect(released, released.output).toMatchObject({ code: 0 });
      await page.goto(`${site.base}/login`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await takenOver(page);
      expect(cdn.requests).toContain('/public-v2/remoteEntry.js');
      expect(cdn.requests.some((url) => url.startsWith('/public-v2/assets/'))).toBe(true);
      // The CSP names the origins the releases live on: the area's scripts and styles are allowed.
      expect(errors).toEqual([]);
    } finally {
      const back = await runRelease(site, copy.folder, ['rollback'], token);
      expect(back.code, back.output).toBe(0);
      expect((await releasesOf(site, 'public')).active).toBe(before);
      await context.close();
      await cdn.close();
    }
  });

  it('scrolls to the top on every path change, but not the page a reader scrolled before its script came', async () => {
    const { page, context } = await openPage(browser, 390);
    await page.setViewportSize({ width: 390, height: 400 });
    // A slow phone network: the scripts arrive after the reader has scrolled the server-rendered page.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // (Module scripts hold DOMContentLoaded back: the page is read as soon as its HTML is there.)
    await page.goto(`${site.base}/login`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 250));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await page.waitForLoadState('networkidle');
    await takenOver(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // The app's own navigation, now that the server-rendered page is the browser's.
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${site.base}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('serves every page under a Content-Security-Policy with no violation, and cannot be framed by another site', async () => {
    const { page, context, errors } = await openPage(browser);
    const attacker = mkdtempSync(join(tmpdir(), 'btls-frame-'));
    const framing: string[] = [];
    try {
      for (const path of ['/', '/courses', '/jobs', '/contact', '/about', '/login', '/register']) {
        const response = await page.goto(`${site.base}${path}`);
        expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      await signIn(page, site.adminBase, DEMO.admin);
      await page.waitForURL(`${site.adminBase}/admin/dashboard`);
      for (const path of ['/admin/users', '/admin/jobs', '/admin/courses']) {
        const response = await page.goto(`${site.adminBase}${path}`);
        expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      expect(errors).toEqual([]);

      // Clickjacking: a page on another origin frames the sign-in page; the browser refuses to show it.
      writeFileSync(
        join(attacker, 'frame.html'),
        `<!doctype html><iframe src="${site.base}/login" width="600" height="400"></iframe>`,
      );
      const evil = await serveFolder(attacker);
      const other = await context.newPage();
      other.on('console', (message) => framing.push(message.text()));
      await other.goto(`${evil.base}/frame.html`);
      await expect.poll(() => framing.some((text) => /frame-ancestors/.test(text)), { timeout: 5000 }).toBe(true);
      await evil.close();
    } finally {
      await context.close();
    }
  });
});
