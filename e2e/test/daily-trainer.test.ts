/**
 * A trainer's day on a phone, in English at 390 px, French at 320 px and Kinyarwanda at 390 px: a record added
 * below the form comes into view with the keyboard on it, and a record is deleted only once the dialog is
 * confirmed, the keyboard then on the message of what happened. The texts are the catalogues'.
 */
import { describe, expect, it } from 'vitest';
import { browser, DEMO, mustCallApi, openPage, signIn, site, tokenFor, useSite } from './harness';
import { translator } from './catalogues';

useSite();

const TEXTS = new Map<string, ReturnType<typeof translator>>();

/** The words of `id` in `locale` (the area's catalogue or the shared one), its values put in. */
function words(locale: string, id: string, values: Record<string, string> = {}): string {
  if (!TEXTS.has(locale)) TEXTS.set(locale, translator(['mfe-trainer', 'shared-ui'], locale));
  const text = TEXTS.get(locale)!(id, values);
  if (text === id) throw new Error(`${id} has no ${locale} text`);
  return text;
}

/** An application of a new trainee, approved and assigned to the demo trainer, with a record already. */
async function assignedStudent(name: string): Promise<number> {
  const admin = await tokenFor(site, DEMO.admin);
  const trainee = await mustCallApi(site, '/auth/register', {
    method: 'POST',
    body: { firstName: name, lastName: 'Nkusi', email: `${name}.${Date.now()}@example.rw`, password: 'kawa-2026' },
  });
  const [course] = await mustCallApi(site, '/courses');
  const { applicationId } = await mustCallApi(site, '/enrollments/apply', {
    method: 'POST',
    token: trainee.token,
    body: { courseId: course.id },
  });
  await mustCallApi(site, `/enrollments/${applicationId}/status`, {
    method: 'PUT',
    token: admin,
    body: { status: 'Approved', adminNotes: '' },
  });
  const trainers = await mustCallApi(site, '/users/trainers', { token: admin });
  const trainer = trainers.find((t: { email: string }) => t.email === DEMO.trainer.email);
  await mustCallApi(site, `/enrollments/${applicationId}/assign-trainer`, {
    method: 'PUT',
    token: admin,
    body: { trainerId: trainer.id },
  });
  // Records enough that a new one, first in the list, is below a phone's first screen.
  const token = await tokenFor(site, DEMO.trainer);
  for (const week of [1, 2, 3])
    await mustCallApi(site, `/progress/enrollment/${applicationId}`, {
      method: 'POST',
      token,
      body: { assessmentName: `Attendance week ${week}` },
    });
  return applicationId;
}

describe("a trainer's day on a phone", () => {
  for (const [language, width] of [
    ['en', 390],
    ['fr', 320],
    ['rw', 390],
  ] as const) {
    it(`in ${language} at ${width} px: adds a record and finds it, deletes one only once confirmed`, async () => {
      const t = (id: string, values?: Record<string, string>) => words(language, id, values);
      const applicationId = await assignedStudent(`Claude${language}`);
      const { page, context, errors } = await openPage(browser, width);
      await signIn(page, site.base, DEMO.trainer);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${site.base}/trainer/student-progress/${applicationId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('banner').getByRole('combobox').first().selectOption(language);
      await page.waitForSelector(`html[lang="${language}"]`, { state: 'attached' });
      await page.getByRole('heading', { level: 1, name: t('trainer.progress.title') }).waitFor();

      // Added below the form, off the screen: the record comes into view with the keyboard on it.
      await page.getByLabel(t('trainer.progress.assessmentName'), { exact: true }).fill('Milk texture');
      await page.getByLabel(t('trainer.progress.score'), { exact: true }).fill('17.5');
      await page.getByLabel(t('trainer.progress.maxScore'), { exact: true }).fill('20');
      await page.getByRole('button', { name: t('trainer.progress.addRecord') }).click();
      await page.getByText(t('trainer.progress.added'), { exact: true }).waitFor();
      const focused = () =>
        page.evaluate(() => {
          const active = document.activeElement!;
          const box = active.getBoundingClientRect();
          return { tag: active.tagName, text: active.textContent, shown: box.top >= 0 && box.bottom <= innerHeight };
        });
      await expect.poll(async () => (await focused()).tag).toBe('TR');
      const added = await focused();
      expect(added.text).toContain('Milk texture');
      expect(added.text).toContain('17.5 / 20');
      expect(added.shown).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

      // Delete asks first: cancelled, the record stays; confirmed, it goes, the keyboard on what happened.
      const records = page.getByRole('table', { name: t('enrollment.records') });
      const remove = page.getByRole('button', { name: t('trainer.progress.deleteOf', { name: 'Attendance week 2' }) });
      await remove.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('trainer.progress.confirmDelete', { name: 'Attendance week 2' })).waitFor();
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await records.getByText('Attendance week 2', { exact: true }).count()).toBe(1);
      await remove.click();
      await dialog.getByRole('button', { name: t('common.ok') }).click();
      await page.getByText(t('trainer.progress.deleted'), { exact: true }).waitFor();
      expect(await records.getByText('Attendance week 2', { exact: true }).count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(t('trainer.progress.deleted'));

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
