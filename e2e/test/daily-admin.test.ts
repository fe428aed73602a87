/**
 * An admin's day on a phone, in English at 390 px, French at 320 px and Kinyarwanda at 390 px: a link to the
 * applications with a status the list does not offer still shows the list; a refused user form brings the
 * keyboard to the field to fix with its message beside it, in view; each area's release card says no rollout is
 * in progress; the audit log is filtered by area, its entries a few lines each. The texts are the catalogues'.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, DEMO, openPage, signIn, site, useSite } from './harness';
import { translator } from './catalogues';

useSite();

const TEXTS = new Map<string, ReturnType<typeof translator>>();

/** The words of `id` in `locale` (the area's catalogue or the shared one), its values put in. */
function words(locale: string, id: string, values: Record<string, string> = {}): string {
  if (!TEXTS.has(locale)) TEXTS.set(locale, translator(['mfe-admin', 'shared-ui'], locale));
  const text = TEXTS.get(locale)!(id, values);
  if (text === id) throw new Error(`${id} has no ${locale} text`);
  return text;
}

/** Nothing scrolls sideways. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

/** Whether an element is wholly on the screen. */
const inView = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  }, selector);

describe("an admin's day on a phone", () => {
  for (const [language, width] of [
    ['en', 390],
    ['fr', 320],
    ['rw', 390],
  ] as const) {
    it(`in ${language} at ${width} px: a bad address, a refused form, the releases and their log`, async () => {
      const t = (id: string, values?: Record<string, string>) => words(language, id, values);
      const { page, context, errors } = await openPage(browser, width);
      await signIn(page, site.adminBase, DEMO.admin);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // The language from the panel's own switcher.
      await page.goto(`${site.adminBase}/admin/users/new`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('banner').getByRole('combobox').first().selectOption(language);
      await page.waitForSelector(`html[lang="${language}"]`, { state: 'attached' });

      // A new user with an e-mail that is not one: the keyboard is on the e-mail, its message beside it.
      await page.getByRole('heading', { level: 1, name: t('admin.nav.addUser') }).waitFor();
      await page.getByLabel(t('admin.userForm.firstName'), { exact: true }).fill('Diane');
      await page.getByLabel(t('admin.userForm.lastName'), { exact: true }).fill('Ingabire');
      await page.getByLabel(t('admin.users.email'), { exact: true }).fill('diane.example.rw');
      await page.getByLabel(t('admin.userForm.password'), { exact: true }).fill('kawa-2026');
      await page.getByRole('button', { name: t('admin.userForm.create') }).click();
      const email = page.getByLabel(t('admin.users.email'), { exact: true });
      await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(
        await email.evaluate((field) =>
          (field.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
        ),
      ).toContain(t('validation.invalidEmail'));
      // The field and its message are on the screen, and what was typed is still there.
      expect(await inView(page, 'input[aria-invalid="true"]')).toBe(true);
      expect(await inView(page, '[id$="-error"]')).toBe(true);
      expect(await page.getByLabel(t('admin.userForm.firstName'), { exact: true }).inputValue()).toBe('Diane');
      expect(await fits(page)).toBe(true);

      // A link with a status the list does not offer: the list, as without it, and the address cleaned.
      await page.goto(`${site.adminBase}/admin/enrollments?status=nonsense`);
      await page.getByRole('heading', { level: 1, name: t('admin.enrollments.title') }).waitFor();
      await page.getByRole('table', { name: t('admin.jobs.applications') }).waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await fits(page)).toBe(true);

      // The releases: no area has a rollout going on, and each card says so.
      await page.goto(`${site.adminBase}/admin/releases`);
      await page.getByRole('heading', { level: 1, name: t('admin.nav.releases') }).waitFor();
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      const areas = await cards.count();
      expect(areas).toBeGreaterThanOrEqual(5);
      for (let card = 0; card < areas; card++)
        await cards.nth(card).getByText(t('admin.releases.noRollout'), { exact: true }).waitFor();

      // The audit log of one area: its entries only, each a few short lines.
      const log = page.getByRole('table', { name: t('admin.releases.auditCaption') });
      await log.getByText(t('admin.releases.area.admin'), { exact: true }).first().waitFor();
      await page.getByLabel(t('admin.releases.auditArea'), { exact: true }).selectOption('trainer');
      await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBe('trainer');
      await expect.poll(() => log.getByText(t('admin.releases.area.admin'), { exact: true }).count()).toBe(0);
      expect(await log.getByText(t('admin.releases.area.trainer'), { exact: true }).count()).toBeGreaterThan(0);
      const heights = await log.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.clientHeight));
      expect(Math.max(...heights)).toBeLessThan(150);
      expect(await fits(page)).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
