/**
 * A phone that visited once, with the service worker, then lost the network.
 * - A visitor's first visit keeps what is small and useful offline: the page read and, ahead, the job board's
 *   first page and the pages about the centre, as the server rendered them (read offline as HTML), and none of the
 *   app's code; an address never saved says it is offline and lists what can be read. Signed in, the app is kept.
 * - A visitor who came back (the app's code kept from then on) also gets those pages' code and the board's data, so
 *   the app reaches them by its links offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openPage, signIn, site, takenOver, useSite } from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };
const KEPT_AHEAD = ['/jobs', '/about', '/contact', '/terms-of-service', '/privacy-policy', '/verify'];

/** What this phone keeps: its pages, whether it has the shell's page, and the areas' files. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const paths = async (name: string) =>
      (await (await caches.open(name)).keys()).map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    const names = await caches.keys();
    const shells = names.filter((name) => name.startsWith('btls-shell-'));
    return {
      pages: names.includes('btls-pages') ? await paths('btls-pages') : [],
      shellPage: (await Promise.all(shells.map(paths))).flat().includes('/index.html'),
      areaFiles: names.includes('btls-areas') ? (await paths('btls-areas')).length : 0,
    };
  });

/** The heading of the page shown, and whether the page's script owns it (taken over) or it is the server's HTML. */
const heading = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .first()
    .evaluate((h1) => ({
      text: h1.textContent,
      script: Object.keys(h1).some((key) => key.startsWith('__reactFiber')),
    }));

/** What the server was asked for from `from` on (its log), as paths. */
const asked = (from: number) =>
  [
    ...site
      .output()
      .slice(from)
      .matchAll(/"url":"([^"]+)"/g),
  ].map((match) => match[1]!.split('?')[0]!);

const couldNotLoad = (page: Page) => page.getByText(/Could not load this part/);

describe('pages kept for a phone without network', () => {
  it("keeps a visitor's first page and the pages about the centre as HTML, none of the app's code; signed in, the app", async () => {
    const from = site.output().length;
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/`);
    // The page is read, never used: its script does not wake, and the loader registers the worker.
    await expect
      .poll(() => kept(page).then((now) => ({ ...now, pages: now.pages.sort() })), { timeout: 60_000 })
      .toEqual({ pages: ['/', ...KEPT_AHEAD].sort(), shellPage: false, areaFiles: 0 });
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // None of the app's code was downloaded, by the page or by the worker.
    const code = asked(from).filter(
      (path) => path.startsWith('/remotes/') || (/^\/assets\/.*\.js$/.test(path) && !/after-paint/.test(path)),
    );
    expect(code).toEqual([]);

    await context.setOffline(true);
    // The page read, again: its HTML as the server rendered it.
    await page.reload();
    expect(await heading(page)).toMatchObject({ script: false });
    await page
      .getByRole('link', { name: /Find Training/ })
      .first()
      .waitFor();
    // The board and the pages about the centre, never opened.
    await page.goto(`${site.base}/jobs`);
    await page
      .getByRole('link', { name: /Barista/ })
      .first()
      .waitFor();
    for (const path of KEPT_AHEAD.slice(1)) {
      await page.goto(`${site.base}${path}`);
      expect(await heading(page), path).toMatchObject({ script: false });
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
    }
    // An address never saved: the phone is offline, and what can be read is listed, each a link.
    await page.goto(`${site.base}/courses`);
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await page.getByText('This page was not saved on this phone.', { exact: false }).waitFor();
    await page.getByRole('link', { name: /^About us/ }).click();
    await page.waitForURL(`${site.base}/about`);
    await page.getByRole('heading', { level: 1, name: /About/ }).waitFor();

    // Signed in, online: the app's code is kept, and the signed-in pages open offline.
    await context.setOffline(false);
    await signIn(page, site.base, GRADUATE);
    await page.waitForURL(`${site.base}/dashboard`);
    await expect.poll(() => kept(page).then((now) => now.shellPage), { timeout: 30_000 }).toBe(true);
    // Read once more through the worker (it files the account's pages and reads from the sign-in on).
    await page.reload();
    await page.getByText('Latte Art', { exact: false }).first().waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Latte Art', { exact: false }).first().waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the job board, About, Contact and the terms by the app offline once a visitor came back', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses`);
    // Its worker installed (the pages ahead kept) and in charge.
    await expect
      .poll(() => kept(page).then((now) => KEPT_AHEAD.every((path) => now.pages.includes(path))), { timeout: 60_000 })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    // The next day (the worker's record of this phone's last page, a day back): the visitor is back.
    await page.evaluate(async () => {
      const meta = await caches.open('btls-meta');
      await meta.put('/__btls/visit', new Response(JSON.stringify({ last: Date.now() - 24 * 3600 * 1000 })));
    });
    await page.goto(`${site.base}/`);
    await expect.poll(() => kept(page).then((now) => now.shellPage), { timeout: 30_000 }).toBe(true);
    // The app wakes at a first use; the pages' code and the board's data are then asked for in idle time.
    await takenOver(page);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const paths = async (name: string) =>
              (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
            const [areas, api] = await Promise.all([paths('btls-areas'), paths('btls-api')]);
            return {
              pages: ['jobs-page', 'about-page', 'contact-page', 'legal-pages', 'verify-page'].filter((name) =>
                areas.some((path) => path.includes(`/${name}-`)),
              ),
              board: api.includes('/api/jobs') && api.includes('/api/jobs/facets'),
            };
          }),
        { timeout: 60_000 },
      )
      .toEqual({ pages: ['jobs-page', 'about-page', 'contact-page', 'legal-pages', 'verify-page'], board: true });

    await context.setOffline(true);
    // Reached by a link, inside the app.
    for (const path of ['/jobs', '/contact', '/terms-of-service', '/privacy-policy', '/about']) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`${site.base}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await couldNotLoad(page).count(), path).toBe(0);
    }
    await page
      .getByRole('status')
      .filter({ hasText: /^You are offline/ })
      .waitFor();
    // The certificate box, opened offline (its HTML) and used: a check needs the training centre, which it says.
    await page.goto(`${site.base}/verify`);
    await takenOver(page);
    await page.getByLabel('Certificate code or QR code address').fill('BTLS-7K3M-Q9XZ-4TPA-R2VD');
    await page.getByRole('button', { name: 'Check' }).click();
    await page
      .getByText(/^You are offline: a code is checked with the training centre/)
      .first()
      .waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
