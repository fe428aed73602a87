/**
 * A signal that drops in the first seconds, before the service worker keeps anything: the page stays, says it
 * is offline, keeps what was typed, and a part never fetched before says so in its place and loads once the
 * network is back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addRecord,
  browser,
  DEMO,
  enrollmentOfDemoTrainer,
  mustCallApi,
  signIn,
  site,
  takenOver,
  useSite,
} from './harness';

useSite();

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^You are offline/ });

/** A fresh phone whose service worker is not in control yet (it registers seconds after the page settles). */
async function freshPhone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

describe('offline from the first second', () => {
  it("keeps a trainer's page and the mark typed when the signal drops as soon as it is shown", async () => {
    const { enrollmentId, trainer } = await enrollmentOfDemoTrainer('FirstSeconds');
    const { page, context } = await freshPhone();
    try {
      await signIn(page, site.base, DEMO.trainer);
      await page.waitForURL(`${site.base}/trainer/dashboard`);
      await page.goto(`${site.base}/trainer/student-progress/${enrollmentId}`);
      await page.getByRole('heading', { level: 1, name: 'Manage Student Progress' }).waitFor();
      await takenOver(page);
      await context.setOffline(true);
      await offlineBanner(page).waitFor();
      await addRecord(page, 'Milk texture', '7');
      const table = page.getByRole('table');
      await table.getByText('Waiting to send').waitFor();
      // The page is still there, whole.
      expect(await page.getByRole('heading', { level: 1, name: 'Manage Student Progress' }).count()).toBe(1);

      await context.setOffline(false);
      await expect.poll(() => table.getByText('Waiting to send').count(), { timeout: 20_000 }).toBe(0);
      const stored = await mustCallApi(site, `/progress/enrollment/${enrollmentId}`, { token: trainer });
      expect(stored.filter((r: { assessmentName: string }) => r.assessmentName === 'Milk texture')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('a page never opened before, asked for offline, says so in its place and comes when the network is back', async () => {
    const { page, context, errors } = await freshPhone();
    try {
      await page.goto(`${site.base}/jobs`);
      await takenOver(page);
      await context.setOffline(true);
      await offlineBanner(page).waitFor();
      await page
        .getByRole('link', { name: /Barista/ })
        .first()
        .click();
      const notLoaded = page.getByRole('alert').filter({ hasText: 'Could not load this part: you are offline' });
      await notLoaded.waitFor();
      // The rest of the page is untouched: the site's header and menu are there.
      expect(await page.getByRole('banner').getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
      expect(await page.locator('#root').innerHTML()).not.toBe('');
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/part-not-loaded.png` });

      await context.setOffline(false);
      await page.getByText('Apply Now').waitFor({ timeout: 20_000 });
      expect(await notLoaded.count()).toBe(0);
      expect(errors.filter((error) => !/Failed to fetch|dynamically imported/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
