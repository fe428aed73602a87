/**
 * On a phone without data. The service worker keeps what was read and, once someone signs in, the shell and the
 * areas this phone uses; offline the page says so; a trainer's records made offline wait on the phone and are sent
 * once.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { SwConfig } from '@btls/shared-api/service-worker';
import { describe, expect, it } from 'vitest';
import {
  addRecord,
  browser,
  copyOfBuild,
  enrollmentOfDemoTrainer,
  mustCallApi,
  openPage,
  openSiteMenu,
  releaseTokenFor,
  runRelease,
  signIn,
  site,
  takenOver,
  useSite,
} from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };
const TRAINER = { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' };

/**
 * Until the service worker controls the page and has kept every file of `area`'s active release that the page has
 * loaded (the worker keeps what this phone uses, not the whole area; the journeys then show it is enough offline).
 */
async function workerReady(page: Page, area?: string) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
  if (!area) return;
  const worker = await (await fetch(`${site.base}/sw.js`)).text();
  const config = JSON.parse(/^self\.__BTLS_SW=(.*);\n/.exec(worker)![1]!) as SwConfig;
  const files = config.areas[area]!.files;
  await expect
    .poll(
      () =>
        page.evaluate(async (listed) => {
          const loaded = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
          const cache = await caches.open('btls-areas');
          const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
          return listed.filter((file) => loaded.has(file) && !kept.has(file));
        }, files),
      { timeout: 20_000 },
    )
    .toEqual([]);
}

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^You are offline/ });

describe('offline', () => {
  it("shows a trainee's certificate and its QR code offline, with the offline banner, and nothing once signed out", async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, GRADUATE);
    await page.waitForURL(`${site.base}/dashboard`);
    await page.getByRole('link', { name: 'View certificate' }).first().click();
    await page.waitForURL(/\/certificate\//);
    const certificate = page.getByRole('article', { name: 'Certificate of Completion' });
    await certificate.getByRole('img', { name: /QR code/ }).waitFor();
    await workerReady(page, 'trainee');
    const address = page.url();
    // The worker keeps what passes through it: on a slow machine it may take over only after these pages were
    // read (it registers once the page has settled), so the trainee opens them once more, as a phone would.
    await page.goto(`${site.base}/dashboard`);
    await page.getByText('Latte Art', { exact: false }).first().waitFor();
    await page.goto(address);
    await certificate.getByRole('img', { name: /QR code/ }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await certificate.getByText('Eric Mugisha').waitFor();
    await certificate.getByRole('img', { name: /QR code/ }).waitFor();
    await offlineBanner(page)
      .getByText(/showing what was saved on/)
      .waitFor();
    await certificate.getByText(/^Verify at /).waitFor();

    // The dashboard, last saved state.
    await page.goto(`${site.base}/dashboard`);
    await page.getByText('Latte Art', { exact: false }).first().waitFor();
    await offlineBanner(page).waitFor();

    // Signed out (online), then offline again: the certificate's page is not this phone's to show any more.
    await context.setOffline(false);
    await openSiteMenu(page);
    await page
      .getByRole('button', { name: /Logout|Sign out/ })
      .first()
      .click();
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('btls-user-'))))
      .toEqual([]);
    await context.setOffline(true);
    await page.goto(address);
    await offlineBanner(page).waitFor();
    expect(await page.getByText('Eric Mugisha').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a trainer's records made offline on the phone, sends them once when the network returns, and shows a refusal", async () => {
    const { enrollmentId, trainer } = await enrollmentOfDemoTrainer('Offline');
    await mustCallApi(site, `/progress/enrollment/${enrollmentId}`, {
      method: 'POST',
      token: trainer,
      body: { assessmentName: 'Grinder setup', score: 6, maxScore: 10, feedbackNotes: '' },
    });

    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, TRAINER);
    await page.waitForURL(`${site.base}/trainer/dashboard`);
    await page.goto(`${site.base}/trainer/student-progress/${enrollmentId}`);
    await page.getByRole('heading', { level: 1, name: 'Manage Student Progress' }).waitFor();
    await workerReady(page, 'trainer');
    // Read once more through the worker (it may have taken over after the first read), for the reload offline.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Manage Student Progress' }).waitFor();

    await context.setOffline(true);
    await offlineBanner(page).waitFor();
    await addRecord(page, 'Tasting notes', '7');
    await page
      .getByText('No network: the record is saved on this phone and will be sent when the network is back.')
      .waitFor();
    await addRecord(page, 'Espresso dial-in', '8');
    // A record made offline, edited before it is sent: it goes as last edited, still one record.
    await page.getByRole('button', { name: 'Edit Espresso dial-in' }).click();
    await page.getByLabel('Score', { exact: true }).fill('8.5');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('table').getByRole('cell', { name: '8.5 / 10' }).waitFor();
    await page.getByRole('button', { name: 'Edit Grinder setup' }).click();
    await page.getByLabel('Score', { exact: true }).fill('9');
    await page.getByRole('button', { name: 'Save Record' }).click();
    const table = page.getByRole('table');
    await expect.poll(() => table.getByText('Waiting to send').count()).toBe(3);
    await table.getByRole('cell', { name: '9 / 10' }).waitFor();

    // A reload offline keeps them (they are on the phone, not in the page).
    await page.reload();
    await expect.poll(() => table.getByText('Waiting to send').count()).toBe(3);

    await context.setOffline(false);
    await expect.poll(() => table.getByText('Waiting to send').count(), { timeout: 20_000 }).toBe(0);
    const stored = await mustCallApi(site, `/progress/enrollment/${enrollmentId}`, { token: trainer });
    expect(
      stored.map((r: { assessmentName: string; score: number }) => `${r.assessmentName} ${r.score}`).sort(),
    ).toEqual(['Espresso dial-in 8.5', 'Grinder setup 9', 'Tasting notes 7']);
    await table.getByText('Tasting notes', { exact: true }).waitFor();

    // Refused on arrival: the training was completed meanwhile. The record stays, with the server's reason.
    await context.setOffline(true);
    await addRecord(page, 'Late mark', '5');
    await table.getByText('Waiting to send').waitFor();
    await mustCallApi(site, `/enrollments/${enrollmentId}/status`, {
      method: 'PUT',
      token: trainer,
      body: { status: 'Completed' },
    });
    await context.setOffline(false);
    await table
      .getByText('Not saved: Progress can only be recorded while the training is Approved.')
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Dismiss Late mark' }).click();
    // What it says is lost with it: the phone asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await table.getByText('Late mark').waitFor({ state: 'detached' });
    expect((await mustCallApi(site, `/progress/enrollment/${enrollmentId}`, { token: trainer })).length).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "A new version is available" once an area has a new release, and takes it on Reload', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses`);
    await takenOver(page);
    // Everything the page loaded of the public area is kept: the new release then downloads only what it changed.
    await workerReady(page, 'public');
    const release = copyOfBuild('public', (dist) => writeFileSync(join(dist, 'assets', 'extra.js'), 'export {};\n'));
    const released = await runRelease(
      site,
      release.folder,
      ['release', '--no-build'],
      await releaseTokenFor(site, 'public'),
    );
    expect(released.code, released.output).toBe(0);

    // Nothing changes under the visitor's fingers: the page offers the new version at its next check (a load).
    const before = site.output().length;
    await page.reload();
    await takenOver(page);
    const bar = page.getByRole('complementary', { name: 'New version' });
    await bar.getByText('A new version is available').waitFor({ timeout: 20_000 });
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      bar.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await takenOver(page);
    expect(await bar.count()).toBe(0);
    // The worker now in charge keeps the new release, and no longer the one before.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const urls = (await (await caches.open('btls-areas')).keys()).map((request) => request.url);
          return [...new Set(urls.map((url) => /\/remotes\/public\/([^/]+)\//.exec(url)?.[1]))];
        }),
      )
      .toEqual([release.version]);
    // …having downloaded only what the release changed (its entry, which names the new file): every other file of it
    // has the name of a file this phone kept of the earlier release, and so its bytes (the server's log of what it
    // was asked).
    const folder = `/remotes/public/${release.version}/`;
    const downloaded = [
      ...site
        .output()
        .slice(before)
        .matchAll(/"url":"([^"]+)"/g),
    ]
      .map((match) => match[1]!)
      .filter((url) => url.startsWith(folder));
    expect(new Set(downloaded)).toEqual(new Set([`${folder}remoteEntry.js`]));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("serves a data saver's page as such (Save-Data: on, or the profile's setting), and its worker fetches nothing ahead", async () => {
    const siteData = async (headers: Record<string, string>) => {
      const html = await (await fetch(`${site.base}/courses`, { headers })).text();
      const data = JSON.parse(/<script id="btls-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
      return data.queries.find((query: { queryKey: string[] }) => query.queryKey[0] === 'site').state.data;
    };
    expect(await siteData({ 'Save-Data': 'on' })).toMatchObject({ dataSaver: true });
    // A visitor's page is kept for the next visitor: not the data saver's for someone else.
    expect(await siteData({})).toMatchObject({ dataSaver: false });

    // The profile's setting, kept on this phone.
    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, GRADUATE);
    await page.waitForURL(`${site.base}/dashboard`);
    await page.goto(`${site.base}/profile`);
    const setting = page.getByRole('checkbox', { name: 'Data saver on this phone' });
    await setting.check();
    expect(await page.evaluate(() => document.cookie)).toContain('btlsSaveData=on');
    await page.reload();
    expect(await setting.isChecked()).toBe(true);
    await setting.uncheck();
    expect(await page.evaluate(() => document.cookie)).not.toContain('btlsSaveData');
    expect(errors).toEqual([]);
    await context.close();

    // A visitor's phone with the data saver on: its worker keeps what the phone loads, nothing ahead (not the pages
    // kept ahead for other visitors, not the shell's page).
    const saver = await openPage(browser, 390);
    await saver.context.addCookies([{ name: 'btlsSaveData', value: 'on', url: site.base }]);
    await saver.page.goto(`${site.base}/courses`);
    await takenOver(saver.page);
    await workerReady(saver.page);
    await saver.page.goto(`${site.base}/jobs`);
    await takenOver(saver.page);
    const kept = await saver.page.evaluate(async () => {
      const urls = async (name: string) =>
        (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
      // (The shell's cache is named after its version.)
      const shell = (await caches.keys()).find((name) => name.startsWith('btls-shell-'))!;
      return { shell: await urls(shell), areas: await urls('btls-areas'), pages: await urls('btls-pages') };
    });
    expect(kept.shell).not.toContain('/index.html');
    expect(kept.shell.filter((url) => /\/assets\/(fr|rw)-/.test(url))).toEqual([]); // the other languages' texts
    expect(kept.pages).toContain('/jobs');
    expect(kept.pages.filter((url) => url !== '/courses' && url !== '/jobs')).toEqual([]);
    const worker = await (await fetch(`${site.base}/sw.js`)).text();
    const config = JSON.parse(/^self\.__BTLS_SW=(.*);\n/.exec(worker)![1]!) as SwConfig;
    expect(kept.areas.length).toBeLessThan(config.areas.public!.files.length);
    expect(saver.errors).toEqual([]);
    await saver.context.close();
  });
});

/** An approved application of a new trainee, assigned to the demo trainer. */
