/**
 * A trainee's everyday visit on a phone, in each language: signing in lands on the dashboard; a form refused
 * for one field brings the keyboard and the screen to that field with its message beside it, what was typed
 * kept; and a graduate's certificate shows its QR code large, right under the course, on the first screen.
 * 390 px in English, 320 px in French, 390 px in Kinyarwanda.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, DEMO, openPage, site, useSite } from './harness';
import { translator } from './catalogues';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026', firstName: 'Eric' };

/** The page's texts in `locale`, from the catalogues the build compiles. */
const texts = (locale: string) => translator(['mfe-public', 'mfe-trainee', 'shared-ui'], locale);

const VISITS = [
  { locale: 'en', width: 390 },
  { locale: 'fr', width: 320 },
  { locale: 'rw', width: 390 },
] as const;

/** Signs in from the login page in the page's language; a trainee lands on their dashboard. */
async function signIn(page: Page, t: ReturnType<typeof texts>, who: { email: string; password: string }) {
  await page.goto(`${site.base}/login`);
  await page.getByLabel(t('public.auth.email')).fill(who.email);
  await page.getByLabel(t('public.auth.password'), { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t('public.login.title') }).click();
  await page.waitForURL(`${site.base}/dashboard`);
}

describe('a trainee on a phone, every day', () => {
  it.for(VISITS)(
    'in $locale at $width px: the dashboard, a refused field in view with the keyboard, the QR code at hand',
    { timeout: 120_000 },
    async ({ locale, width }) => {
      const t = texts(locale);
      const { page, context, errors } = await openPage(browser, width);
      await context.addCookies([{ name: 'btlsLang', value: locale, url: site.base }]);
      const height = page.viewportSize()!.height;

      await signIn(page, t, DEMO.trainee);
      await page
        .getByRole('heading', { level: 1, name: t('trainee.dashboard.welcome', { name: DEMO.trainee.firstName }) })
        .waitFor();
      await page.getByRole('region', { name: t('trainee.applications.title') }).waitFor();

      // A start date in the past: refused beside the date, which has the keyboard and is on the screen.
      await page.goto(`${site.base}/apply-for-course`);
      await page.getByRole('heading', { level: 1, name: t('trainee.apply.title') }).waitFor();
      const course = page.getByLabel(t('trainee.apply.course'), { exact: true });
      await expect.poll(() => course.locator('option').count()).toBeGreaterThan(1);
      await course.selectOption({ index: 1 });
      const notes = page.getByLabel(t('trainee.apply.notes'));
      await notes.fill('Weekends suit me.');
      const date = page.getByLabel(t('trainee.apply.startDate'), { exact: true });
      await date.fill('2020-01-01');
      await page.getByRole('button', { name: t('trainee.apply.submit') }).click();
      const message = t('validation.preferredStartInPast');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('preferredStartDate');
      expect(await date.getAttribute('aria-invalid')).toBe('true');
      // Beside it, what it is described by, in view with it.
      const [errorId] = (await date.getAttribute('aria-describedby'))!.split(' ');
      const beside = page.locator(`[id="${errorId}"]`);
      expect(await beside.innerText()).toContain(message);
      const said = (await beside.boundingBox())!;
      expect(said.y).toBeGreaterThanOrEqual(0);
      const field = (await date.boundingBox())!;
      expect(field.y).toBeGreaterThanOrEqual(0);
      expect(field.y + field.height).toBeLessThanOrEqual(height);
      expect(await notes.inputValue()).toBe('Weekends suit me.');
      expect(errors).toEqual([]);
      await context.close();

      // A graduate's certificate: the QR code at least 200 px, whole on the first screen, under the course.
      const graduate = await openPage(browser, width);
      await graduate.context.addCookies([{ name: 'btlsLang', value: locale, url: site.base }]);
      await signIn(graduate.page, t, GRADUATE);
      await graduate.page.getByRole('link', { name: t('trainee.certificates.view') }).click();
      await graduate.page.waitForURL(/\/certificate\//);
      const certificate = graduate.page.getByRole('article', { name: t('trainee.certificate.title') });
      const qr = certificate.getByRole('img');
      await qr.waitFor();
      const code = (await qr.boundingBox())!;
      expect(code.width).toBeGreaterThanOrEqual(200);
      expect(code.y + code.height).toBeLessThanOrEqual(height);
      const courseTitle = (await certificate.getByText('Latte Art Masterclass').boundingBox())!;
      expect(code.y).toBeGreaterThan(courseTitle.y);
      expect(graduate.errors).toEqual([]);
      await graduate.context.close();
    },
  );
});
