/** Installable — the manifest and its icons, and the offer to install made once. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openPage, settled, site, takenOver, useSite } from './harness';

useSite();

/** What Chromium does when the app may be installed: a `beforeinstallprompt` whose prompt() the page may call. */
function browserOffersInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    event.prompt = async () => {
      w.prompted++;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('the installable app', () => {
  it('has a manifest with its name, languages, colours, standalone display and icons that load', async () => {
    const { page, context } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await fetch(new URL(href!, site.base));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      lang: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
      translations: Record<string, { name: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'BTLS Coffee Training Centre',
      short_name: 'BTLS Coffee',
      start_url: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: '#2b1b12',
    });
    expect(Object.keys(manifest.translations).sort()).toEqual(['fr', 'rw']);
    for (const purpose of ['any', 'maskable']) expect(manifest.icons.some((i) => i.purpose === purpose)).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, site.base));
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      const [width, height] = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size)).toBe(true);
    expect((await fetch(new URL('/apple-touch-icon.png', site.base))).status).toBe(200);
    await context.close();
  });

  it("offers installation once a visitor returns, in place of the browser's own prompt, and never again after Not now", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/`);
    await takenOver(page);
    const offer = page.getByRole('complementary', { name: 'Install the app' });
    expect(await offer.count()).toBe(0); // nothing before the browser says the app may be installed
    // A first visit: the browser's prompt is held back, and nothing is offered to someone who has just arrived.
    expect(await browserOffersInstall(page, 'dismissed')).toBe(true);
    await settled(page);
    expect(await offer.count()).toBe(0);

    // The visitor comes back (another browser session of the tab): now the offer, in words for a visitor.
    const back = await context.newPage();
    await back.goto(`${site.base}/`);
    await takenOver(back);
    const offered = back.getByRole('complementary', { name: 'Install the app' });
    expect(await browserOffersInstall(back, 'dismissed')).toBe(true);
    await offered
      .getByText('Add BTLS Coffee to your home screen: it opens like an app, with courses and jobs one tap away.')
      .waitFor();
    // The page leaves room below itself for the bar: its end (and a control focused there) is never under it.
    await expect
      .poll(() =>
        back.evaluate(() => {
          const bar = document.querySelector('aside[aria-label="Install the app"]')!.getBoundingClientRect();
          return parseFloat(document.body.style.paddingBottom || '0') >= bar.height;
        }),
      )
      .toBe(true);
    // One bar, and it leaves most of a small phone's screen to the page.
    await back.setViewportSize({ width: 320, height: 640 });
    expect(
      await back.evaluate(
        () => document.querySelector('aside[aria-label="Install the app"]')!.getBoundingClientRect().height,
      ),
    ).toBeLessThanOrEqual(640 / 5);
    await offered.getByRole('button', { name: 'Not now' }).click();
    await offered.waitFor({ state: 'detached' });
    await expect.poll(() => back.evaluate(() => document.body.style.paddingBottom)).toBe('');
    await back.reload();
    await takenOver(back);
    expect(await browserOffersInstall(back, 'dismissed')).toBe(true);
    await settled(back);
    expect(await offered.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the browser to install on Install, and is not offered again whatever the visitor chose there', async () => {
    const { page, context } = await openPage(browser, 1280);
    // A returning visitor (the count a first visit left on this device).
    await page.addInitScript(() =>
      localStorage.setItem('btlsVisits', String(Math.max(1, Number(localStorage.getItem('btlsVisits'))))),
    );
    await page.goto(`${site.base}/jobs`);
    await takenOver(page);
    await browserOffersInstall(page, 'accepted');
    const offer = page.getByRole('complementary', { name: 'Install the app' });
    await offer.getByRole('button', { name: 'Install' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('btlsInstallOffer'))).toBe('installed');
    await context.close();
  });

  it("keeps the app's code for offline use once it is installed, which a visitor's first visit does not", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/jobs`);
    await takenOver(page);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    const shellPageKept = () =>
      page.evaluate(async () => {
        for (const name of await caches.keys())
          if (name.startsWith('btls-shell-') && (await (await caches.open(name)).match('/index.html'))) return true;
        return false;
      });
    await settled(page);
    expect(await shellPageKept()).toBe(false);
    // What the browser says once the app is on the home screen.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(shellPageKept, { timeout: 30_000 }).toBe(true);
    // Offline, an address never saved gets the app (not the worker's page for phones without it), which starts from
    // what is kept and says the phone is offline.
    await context.setOffline(true);
    await page.goto(`${site.base}/courses`);
    await page
      .getByRole('status')
      .filter({ hasText: /^You are offline/ })
      .waitFor();
    expect(await page.title()).not.toMatch(/^You are offline/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
