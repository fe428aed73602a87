/**
 * An employer's day on a phone, in each language at the width a phone of its readers may have: a Post Job with the
 * required fields empty brings the keyboard to the first of them with its message beside it; a job posted with a
 * salary reads in the page's language on its public page; a posting's applicants are one tap from My Job Postings
 * ("Applicants (1 new)"); after shortlisting an applicant the keyboard is still on that applicant; a deletion is
 * confirmed first. The texts the journey looks for are the catalogues' (the same ids the screens use).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, mustCallApi, openPage, site, tokenFor, useSite } from './harness';
import { translator } from './catalogues';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026', name: 'Eric Mugisha' };

/** The catalogues' texts in `locale` (the employer area's, the public area's and the shared ones), by id. */
const textsIn = (locale: 'en' | 'fr' | 'rw') => translator(['mfe-employer', 'mfe-public', 'shared-ui'], locale);

/** The salary of the journey's job as each language's reader reads it (spaces of any kind as one). */
const SALARY = {
  en: 'RWF 250,000–320,000 per month',
  fr: '250 000–320 000 RWF par mois',
  rw: '250.000–320.000 Frw ku kwezi',
};
const oneSpace = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
/** The texts a control is described by, as a screen reader reads them after its name. */
const describedBy = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent)
      .join(' '),
  );

/** A phone signed in as the demo employer (the session as a sign-in stores it), in `language`. */
async function employerPhone(language: string, width: number) {
  const opened = await openPage(browser, width);
  await opened.context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
  const { body } = await callApi(site, '/auth/login', { method: 'POST', body: DEMO.employer });
  await opened.context.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('btlsToken')) {
        localStorage.setItem('btlsToken', token);
        localStorage.setItem('btlsUser', user);
      }
    },
    [body.token, JSON.stringify(body.user)] as const,
  );
  return opened;
}

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

describe("an employer's day on a phone", () => {
  for (const [language, width] of [
    ['en', 390],
    ['fr', 320],
    ['rw', 390],
  ] as const) {
    it(
      `in ${language} at ${width} px: a refused Post Job, a salary, applicants in one tap, a shortlist, a deletion`,
      {
        timeout: 120_000,
      },
      async () => {
        const t = textsIn(language);
        const { page, context, errors } = await employerPhone(language, width);
        const title = `Barista ${language} ${Date.now()}`;

        // Post Job with the required fields empty: the keyboard and the page go to the first of them (the company's
        // name is the profile's), which is marked and described by the message, shown beside it.
        await page.goto(`${site.base}/employer/post-job`);
        await heading(page, t('employer.postJob.title'));
        await page.getByRole('button', { name: t('employer.postJob.submit') }).click();
        const jobTitle = page.getByRole('textbox', { name: t('employer.jobForm.title') });
        await expect.poll(() => isFocused(jobTitle)).toBe(true);
        expect(await jobTitle.getAttribute('aria-invalid')).toBe('true');
        const required = t('validation.jobRequired');
        expect(await describedBy(jobTitle)).toBe(required);
        // Seen right above the field (the alert that says it once is for screen readers only).
        const beside = page.locator(`[id="${(await jobTitle.getAttribute('aria-describedby'))!.split(' ')[0]}"]`);
        expect(await beside.textContent()).toBe(required);
        expect(await beside.isVisible()).toBe(true);
        const [message, field] = [(await beside.boundingBox())!, (await jobTitle.boundingBox())!];
        expect(field.y - (message.y + message.height)).toBeGreaterThanOrEqual(0);
        expect(field.y - (message.y + message.height)).toBeLessThan(16);
        expect(await inView(jobTitle)).toBe(true);
        expect(await inView(beside)).toBe(true);

        // Posted with a salary: its public page says it in the reader's language.
        await jobTitle.fill(title);
        await page.getByRole('textbox', { name: t('employer.jobForm.description') }).fill('Espresso and smiles.');
        await page.getByRole('textbox', { name: t('employer.jobForm.location') }).fill('Kigali, Kimihurura');
        const salary = page.getByRole('group', { name: t('employer.jobForm.salaryLegend') });
        await salary.getByRole('textbox', { name: t('employer.jobForm.salaryFrom'), exact: true }).fill('250000');
        await salary.getByRole('textbox', { name: t('employer.jobForm.salaryUpTo') }).fill('320,000');
        await page.getByRole('button', { name: t('employer.postJob.submit') }).click();
        await page.getByText(t('employer.postJob.posted', { title })).waitFor();
        await page.getByRole('link', { name: t('employer.postJob.publicPage') }).click();
        await heading(page, title);
        const jobId = Number(/\/jobs\/(\d+)$/.exec(page.url())![1]);
        const shown = page
          .locator('dl > div', { has: page.getByText(t('public.job.salary'), { exact: true }) })
          .locator('dd');
        expect(oneSpace(await shown.textContent())).toBe(oneSpace(SALARY[language]));

        // A trainee applies meanwhile; My Job Postings says so, and the applicants are one tap away.
        const graduate = await tokenFor(site, GRADUATE);
        await mustCallApi(site, `/jobs/${jobId}/applications`, {
          method: 'POST',
          token: graduate,
          body: { phone: '0781234567', coverNote: 'Latte art is my thing.' },
        });
        await page.goto(`${site.base}/employer/my-jobs`);
        await heading(page, t('employer.myJobs.title'));
        const posting = page.getByRole('article', { name: title, exact: true });
        const applicants = posting.getByRole('link', {
          name: `${t('employer.myJobs.applicantsNew', { count: 1 })} ${title}`,
        });
        const box = (await applicants.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        await applicants.click();
        await heading(page, t('employer.applicants.titleOf', { title }));

        // Shortlisted through the dialog: the keyboard stays on the applicant, not on the page's body.
        const card = page.getByRole('article', { name: GRADUATE.name, exact: true });
        const move = t('employer.applicants.moveOf', {
          move: t('employer.applicants.moveShortlisted'),
          name: GRADUATE.name,
        });
        await card.getByRole('button', { name: move }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('common.ok') })
          .click();
        await card.getByRole('button', { name: move }).waitFor({ state: 'detached' });
        const name = card.getByRole('heading', { name: GRADUATE.name, exact: true });
        await expect.poll(() => isFocused(name)).toBe(true);
        expect(await inView(name)).toBe(true);

        // Delete, apart from Edit, asks first; cancelled nothing happens, confirmed the posting is gone.
        await page.getByRole('link', { name: `← ${t('employer.myJobs.title')}`, exact: true }).click();
        await heading(page, t('employer.myJobs.title'));
        const remove = posting.getByRole('button', { name: t('employer.myJobs.deleteOf', { title }) });
        const edit = posting.getByRole('link', { name: t('employer.myJobs.editOf', { title }) });
        const [removeBox, editBox] = [(await remove.boundingBox())!, (await edit.boundingBox())!];
        // A thumb's width apart: beside Edit with 16 px between them at least, or on a line of its own.
        const apart = removeBox.y >= editBox.y + editBox.height + 16 || removeBox.x >= editBox.x + editBox.width + 16;
        expect(apart).toBe(true);
        await remove.click();
        const question = page.getByRole('dialog');
        expect(await question.textContent()).toContain(title);
        await question.getByRole('button', { name: t('common.cancel') }).click();
        await remove.click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t('common.ok') })
          .click();
        const done = page.getByText(t('jobPostings.deleted', { title }));
        await done.waitFor();
        await expect.poll(() => isFocused(done)).toBe(true);
        expect(await posting.count()).toBe(0);
        expect((await callApi(site, `/jobs/${jobId}`)).status).toBe(404);

        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }
});
