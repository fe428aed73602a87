/**
 * A phone that visited once, with the service worker, then lost the network: the job board's first page and the
 * pages about the centre open offline although that visit never opened them (the worker keeps their code and the
 * board's data, asked for in idle time once the visitor opens a second page; never on a data saver's phone).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openPage, site, takenOver, useSite } from './harness';

useSite();

/** What the worker keeps of the pages never opened: their chunks and the board's data. */
const kept = (page: Page) =>
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
  });

const couldNotLoad = (page: Page) => page.getByText(/Could not load this part/);

describe('pages kept for a phone without network', () => {
  it('opens the job board, About, Contact and the terms offline after a first visit of two pages that opened none of them', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/`);
    await takenOver(page);
    // A second page (the landing page alone asks for nothing ahead: its data budget), none of the kept ones.
    await page.getByRole('link', { name: 'Find Training' }).first().click();
    await page.waitForURL(`${site.base}/courses`);
    await expect
      .poll(() => kept(page), { timeout: 60_000 })
      .toEqual({ pages: ['jobs-page', 'about-page', 'contact-page', 'legal-pages', 'verify-page'], board: true });

    await context.setOffline(true);
    // Typed in the address bar (the worker answers with the shell, which renders the page from what it kept).
    await page.goto(`${site.base}/jobs`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('link', { name: /Barista/ })
      .first()
      .waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);
    await page.goto(`${site.base}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await couldNotLoad(page).count()).toBe(0);
    // The page shows whole (it has no data to have saved): the banner says only that the phone is offline.
    await page
      .getByRole('status')
      .filter({ hasText: /^You are offline\.$/ })
      .waitFor();
    // And reached by a link, inside the page.
    await page.goto(`${site.base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const path of ['/contact', '/terms-of-service', '/privacy-policy']) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`${site.base}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await couldNotLoad(page).count()).toBe(0);
    }
    // The certificate box: a check needs the training centre, which it says beside the field.
    await page.goto(`${site.base}/verify`);
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
