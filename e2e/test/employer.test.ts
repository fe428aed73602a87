/** An employer's journey through the employer area, in a real browser against the production build. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, openPage, signIn, site, useSite } from './harness';

useSite();

async function registerCompany(page: Page, company: string, email: string) {
  await page.goto(`${site.base}/employer/register`);
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Contact First Name').fill('Eric');
  await page.getByLabel('Contact Last Name').fill('Nshuti');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('beans-2026');
  await page.getByLabel('Confirm Password').fill('beans-2026');
  await page.getByRole('button', { name: 'Register Company' }).click();
  await page.waitForURL(`${site.base}/login`);
  await signIn(page, site.base, { email, password: 'beans-2026' });
  await page.waitForURL(`${site.base}/employer/dashboard`);
}

async function publicJobTitles(page: Page) {
  await page.goto(`${site.base}/jobs`);
  await page.getByRole('heading', { level: 1, name: 'Find Your Barista Career' }).waitFor();
  await page.getByRole('article').first().waitFor();
  return page.getByRole('heading', { level: 2 }).allTextContents();
}

describe('an employer', () => {
  it('registers, posts a job, hides and edits it, and finds certified talent', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    const visitor = await openPage(browser);
    await registerCompany(page, 'Question Coffee', `hr.${Date.now()}@question.rw`);

    await page.goto(`${site.base}/employer/post-job`);
    await page.getByLabel('Job Title', { exact: true }).fill('Latte Artist');
    expect(await page.getByLabel('Company Name').inputValue()).toBe('Question Coffee');
    await page.getByLabel('Description', { exact: true }).fill('Pour beautiful drinks\nfor our guests.');
    await page.getByLabel('Requirements', { exact: true }).fill('Latte art certificate\nWeekend availability');
    await page.getByLabel('Location').fill('Kigali, Gishushu');
    await page.getByLabel('Job Type').selectOption('Part-time');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await page.getByText('Job "Latte Artist" posted successfully!').waitFor();
    expect(await publicJobTitles(visitor.page)).toContain('Latte Artist');

    await page.goto(`${site.base}/employer/my-jobs`);
    await page.getByRole('button', { name: 'Deactivate Latte Artist' }).click();
    await page.getByText('Job status updated to Inactive.').waitFor();
    expect(await publicJobTitles(visitor.page)).not.toContain('Latte Artist');

    await page.getByRole('link', { name: 'Edit Latte Artist' }).click();
    await page.getByLabel('Job Title', { exact: true }).fill('Senior Latte Artist');
    await page.getByRole('checkbox', { name: /Active/ }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Job "Senior Latte Artist" updated successfully.').waitFor();
    expect(await publicJobTitles(visitor.page)).toContain('Senior Latte Artist');
    const editUrl = `${site.base}/employer/jobs/edit/${/\/jobs\/edit\/(\d+)/.exec((await page.getByRole('link', { name: 'Edit Senior Latte Artist' }).getAttribute('href'))!)![1]}`;

    await page.goto(`${site.base}/employer/find-talent`);
    await page.getByLabel('Search certified trainees').fill('LATTE ART');
    await page.getByRole('link', { name: /View Certificate: Eric Mugisha, Latte Art Masterclass/ }).click();
    await page.getByRole('article', { name: 'Certificate of Completion' }).getByText('Eric Mugisha').waitFor();
    expect(errors).toEqual([]);
    await context.close();
    await visitor.context.close();

    // A second employer cannot edit the first one's job.
    const rival = await openPage(browser);
    await registerCompany(rival.page, 'Rival Roasters', `hr.${Date.now()}@rival.rw`);
    await rival.page.goto(editUrl);
    await rival.page.getByRole('heading', { name: 'Job Not Found' }).waitFor();
    await rival.page.getByText(/not found or you're not authorized to edit it/).waitFor();
    await rival.context.close();
  });

  it("shows 'Access Denied' to a visitor who follows a link to post a job", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${site.base}/employer/post-job`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await context.close();
  });
});
