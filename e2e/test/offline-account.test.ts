/**
 * What a signed-in phone keeps offline is filed under its account from the first request, whatever order the
 * service worker started in: the graduate's certificate opens offline every time, in every language, and a
 * dashboard never read through the worker says plainly that it was not saved, with no error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, site, useSite } from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };

/** The offline texts of a page that was not saved, in each language (shared-api's fallback.notSavedOffline). */
const NOT_SAVED = {
  en: 'You are offline, and this was not saved on this phone.',
  fr: "Vous êtes hors ligne, et ceci n'a pas été enregistré sur ce téléphone.",
  rw: 'Nta murandasi ufite, kandi ibi ntibyabitswe kuri iyi telefone.',
};

async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
}

describe('offline, signed in', () => {
  for (const language of ['en', 'fr', 'rw'] as const) {
    it(`opens the certificate with its QR code offline, five times out of five, and the dashboard without an error (${language})`, async () => {
      for (let run = 0; run < 5; run++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
        const page = await context.newPage();
        try {
          // The sign-in form in the page's language: its fields by their types.
          await page.goto(`${site.base}/login`);
          await page.locator('input[type=email]').fill(GRADUATE.email);
          await page.locator('input[type=password]').fill(GRADUATE.password);
          await page.locator('form button[type=submit]').click();
          await page.waitForURL(`${site.base}/dashboard`);
          const code = await page.evaluate(async () => {
            const token = localStorage.getItem('btlsToken');
            const answer = await fetch('/api/certificates/user', { headers: { authorization: `Bearer ${token}` } });
            return ((await answer.json()) as { certificateCode: string }[])[0]!.certificateCode;
          });
          await page.goto(`${site.base}/certificate/${code}`);
          const certificate = page.locator('article[aria-labelledby="certificate-title"]');
          await certificate.locator('svg, img').first().waitFor();
          // The worker takes the page over once the page has settled: no second read of anything here.
          await controlled(page);
          // Once taken over, the page and its data are read again through the worker, filed under the account.
          await expect
            .poll(
              () =>
                page.evaluate(async () => {
                  const names = (await caches.keys()).filter((name) => name.startsWith('btls-user-'));
                  const kept = await Promise.all(
                    names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
                  );
                  const urls = kept.flat();
                  return urls.some((url) => url.includes('/certificate/')) && urls.some((url) => url.includes('/api/'));
                }),
              // A loaded machine renders the page again for the worker, and reads its data again, in seconds.
              { timeout: 30_000 },
            )
            .toBe(true);

          await context.setOffline(true);
          await page.reload();
          await certificate.getByText('Eric Mugisha').waitFor({ timeout: 15_000 });
          await certificate.locator('svg, img').first().waitFor();

          // The dashboard was read before the worker was there: offline it says so, and nothing else.
          await page.goto(`${site.base}/dashboard`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          const alerts = await page.getByRole('alert').allTextContents();
          for (const alert of alerts) expect(alert, `run ${run}`).toContain(NOT_SAVED[language]);
        } finally {
          await context.close();
        }
      }
    }, 300_000);
  }
});
