/** A trainer's journey through the trainer area, in a real browser against the production build. */
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, openPage, signIn, site, tokenFor, useSite } from './harness';

useSite();

const TRAINER = { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' };

describe('a trainer', () => {
  it('records, edits and deletes progress, completes the training; another trainer is kept out', async () => {
    // An approved application assigned to the demo trainer.
    const admin = await tokenFor(site, DEMO.admin);
    const trainee = await callApi(site, '/auth/register', {
      method: 'POST',
      body: { firstName: 'Claude', lastName: 'Nkusi', email: `claude.${Date.now()}@example.rw`, password: 'kawa-2026' },
    });
    const courses = (await callApi(site, '/courses')).body;
    const manual = courses.find((c: { title: string }) => c.title.startsWith('Manual Brewing'));
    const applied = (
      await callApi(site, '/enrollments/apply', {
        method: 'POST',
        token: trainee.body.token,
        body: { courseId: manual.id },
      })
    ).body;
    await callApi(site, `/enrollments/${applied.applicationId}/status`, {
      method: 'PUT',
      token: admin,
      body: { status: 'Approved', adminNotes: '' },
    });
    const trainers = (await callApi(site, '/users/trainers', { token: admin })).body;
    const demoTrainer = trainers.find((t: { email: string }) => t.email === TRAINER.email);
    await callApi(site, `/enrollments/${applied.applicationId}/assign-trainer`, {
      method: 'PUT',
      token: admin,
      body: { trainerId: demoTrainer.id },
    });

    const { page, context, errors } = await openPage(browser, 390);
    await signIn(page, site.base, TRAINER);
    await page.waitForURL(`${site.base}/trainer/dashboard`);
    await page.goto(`${site.base}/trainer/assigned-students`);
    await page.getByLabel('Search by trainee or course').fill('claude');
    await page.getByRole('link', { name: /Manage progress: Claude Nkusi/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Manage Student Progress' }).waitFor();

    await page.getByLabel('Assessment name').fill('V60 recipe');
    await page.getByLabel('Score', { exact: true }).fill('8.75');
    await page.getByLabel('Max Score').fill('10');
    await page.getByRole('button', { name: 'Add Record' }).click();
    await page.getByRole('cell', { name: '8.75 / 10' }).waitFor();
    await page.getByLabel('Assessment name').fill('Attendance week 1');
    await page.getByRole('button', { name: 'Add Record' }).click();
    await page.getByRole('table').getByText('Attendance week 1', { exact: true }).waitFor();
    // With six records, the form is still where the trainer starts: within the first screen and a fifth.
    const trainerToken = await tokenFor(site, TRAINER);
    for (const week of [2, 3, 4, 5])
      await callApi(site, `/progress/enrollment/${applied.applicationId}`, {
        method: 'POST',
        token: trainerToken,
        body: { assessmentName: `Attendance week ${week}` },
      });
    await page.reload();
    await page.getByRole('table').getByText('Attendance week 5', { exact: true }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThanOrEqual(7);
    const formTop = await page
      .getByRole('form', { name: 'Add a progress record' })
      .evaluate((form) => form.getBoundingClientRect().top + window.scrollY);
    expect(formTop).toBeLessThan(1.2 * 900);

    await page.getByRole('button', { name: 'Edit V60 recipe' }).click();
    await page.getByLabel('Score', { exact: true }).fill('9.25');
    await page.getByRole('button', { name: 'Save Record' }).click();
    await page.getByRole('cell', { name: '9.25 / 10' }).waitFor();
    await page.getByRole('button', { name: 'Delete Attendance week 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('Progress record deleted.').waitFor();
    expect(await page.getByRole('table').getByText('Attendance week 1', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Mark training as completed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText(/The admin has been notified/).waitFor();
    const completed = (await callApi(site, '/enrollments?status=Completed', { token: admin })).body;
    expect(completed.map((e: { id: number }) => e.id)).toContain(applied.applicationId);
    expect(errors).toEqual([]);
    await context.close();

    // Another trainer cannot open this trainee's page.
    const otherEmail = `other.trainer.${Date.now()}@btls-demo.rw`;
    await callApi(site, '/auth/register', {
      method: 'POST',
      token: admin,
      body: { firstName: 'Other', lastName: 'Trainer', email: otherEmail, password: 'brew-2026', role: 'trainer' },
    });
    const other = await openPage(browser);
    await signIn(other.page, site.base, { email: otherEmail, password: 'brew-2026' });
    await other.page.waitForURL(`${site.base}/trainer/dashboard`);
    await other.page.goto(`${site.base}/trainer/student-progress/${applied.applicationId}`);
    await other.page.getByRole('alert').getByText('Enrollment not found or not assigned to you.').waitFor();
    await other.context.close();
  });
});
