/** Admin journeys in a real browser against the production build. */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, mustCallApi, openPage, signIn, site, tokenFor, useSite } from './harness';

useSite();

const api = (path: string, init: Parameters<typeof callApi>[2] = {}) => mustCallApi(site, path, init);

async function answerDialog(page: Page, text?: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (text !== undefined) await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
}

async function adminPage(width = 1280) {
  const opened = await openPage(browser, width);
  await signIn(opened.page, site.adminBase, DEMO.admin);
  await opened.page.waitForURL(`${site.adminBase}/admin/dashboard`);
  return opened;
}

describe('an admin', () => {
  it('approves without a trainer and assigns one later from the row (its next step), on a phone', async () => {
    const { page, context, errors } = await adminPage(360);
    const registered = await api('/auth/register', {
      method: 'POST',
      body: {
        firstName: 'Eric',
        lastName: 'Nshimiyimana',
        email: `eric.${Date.now()}@example.rw`,
        password: 'kawa-2026',
      },
    });
    const [course] = await api('/courses');
    const applied = await api('/enrollments/apply', {
      method: 'POST',
      token: registered.token,
      body: { courseId: course.id },
    });
    const who = `Eric Nshimiyimana, ${course.title}`;
    await page.goto(`${site.adminBase}/admin/enrollments?q=Nshimiyimana`);
    // One line of actions: Approve and More (the rest behind it).
    await page.getByRole('button', { name: `Approve: ${who}` }).click();
    await answerDialog(page);
    await page.getByText('Application status updated to Approved.').waitFor();
    // The application left the list with its buttons: the keyboard is on what happened, not on the body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Application status updated to Approved.');
    // On a phone the filters wait behind "Filter (n)" (the search is one of them): the rows come first.
    await page.getByRole('button', { name: 'Filter (1)' }).click();
    await page.getByLabel('Status').selectOption('Approved');
    await page.getByRole('link', { name: `Assign Trainer: ${who}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Assign Trainer' }).waitFor();
    await page
      .getByLabel('Trainer', { exact: true })
      .selectOption({ label: 'Jean-Paul Habimana (trainer@btls-demo.rw)' });
    await page.getByRole('button', { name: 'Assign Trainer' }).click();
    await page.getByText('Trainer Jean-Paul Habimana assigned successfully.').waitFor();
    const [row] = await api(`/enrollments?q=Nshimiyimana&status=Approved`, { token: await tokenFor(site, DEMO.admin) });
    expect(row).toMatchObject({ id: applied.applicationId, trainerFirstName: 'Jean-Paul' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a trainer, approves an application with a note and the trainer in one step, then issues the certificate and downloads its signed credential', async () => {
    const { page, context, errors } = await adminPage();
    // A trainee applies meanwhile.
    const traineeEmail = `ines.${Date.now()}@example.rw`;
    const registered = await api('/auth/register', {
      method: 'POST',
      body: { firstName: 'Ines', lastName: 'Mutoni', email: traineeEmail, password: 'kawa-2026' },
    });
    const courses = await api('/courses');
    const cupping = courses.find((c: { title: string }) => c.title === 'Cupping and Sensory Skills');
    const applied = await api('/enrollments/apply', {
      method: 'POST',
      token: registered.token,
      body: { courseId: cupping.id },
    });

    // Create the trainer.
    const trainerEmail = `trainer.${Date.now()}@btls-demo.rw`;
    await page.goto(`${site.adminBase}/admin/users/new`);
    await page.getByLabel('First Name').fill('Diane');
    await page.getByLabel('Last Name').fill('Ingabire');
    await page.getByLabel('Email').fill(trainerEmail);
    await page.getByLabel('Password').fill('brew-2026');
    await page.getByLabel('Role').selectOption('trainer');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.waitForURL(`${site.adminBase}/admin/users`);
    await page.getByRole('cell', { name: trainerEmail }).waitFor();

    // Approve with a note and the new trainer, in one dialog; the list stays.
    await page.goto(`${site.adminBase}/admin/enrollments`);
    await page.getByRole('button', { name: 'Approve: Ines Mutoni, Cupping and Sensory Skills' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Trainer (optional)').selectOption({ label: `Diane Ingabire (${trainerEmail})` });
    await answerDialog(page, 'Bring a notebook.');
    await page.getByText('Application status updated to Approved. Trainer Diane Ingabire assigned.').waitFor();
    expect(page.url()).toBe(`${site.adminBase}/admin/enrollments`);
    await page.getByLabel('Status').selectOption('Approved');
    await page.getByRole('link', { name: 'Progress: Ines Mutoni, Cupping and Sensory Skills' }).waitFor();
    await page.getByText('Trainer: Diane Ingabire').waitFor();
    expect(
      await page.getByRole('link', { name: 'Assign Trainer: Ines Mutoni, Cupping and Sensory Skills' }).count(),
    ).toBe(0);

    // The trainer records progress and completes the training.
    const trainerToken = await tokenFor(site, { email: trainerEmail, password: 'brew-2026' });
    await api(`/progress/enrollment/${applied.applicationId}`, {
      method: 'POST',
      token: trainerToken,
      body: { assessmentName: 'Cupping form', score: 85, maxScore: 100, feedbackNotes: 'Sharp palate' },
    });
    await api(`/enrollments/${applied.applicationId}/status`, {
      method: 'PUT',
      token: trainerToken,
      body: { status: 'Completed' },
    });

    // Issue the certificate and open it.
    await page.goto(`${site.adminBase}/admin/enrollments/${applied.applicationId}/progress`);
    await page.getByRole('cell', { name: '85 / 100' }).waitFor();
    await page.getByRole('button', { name: 'Issue Certificate' }).click();
    await answerDialog(page);
    await page.getByText(/^Certificate issued to Ines Mutoni for /).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toMatch(/^Certificate issued to Ines Mutoni for /);
    // The signed credential the console offers is the issued certificate's, naming the graduate.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download the signed credential/ }).click(),
    ]);
    const credential = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(JSON.stringify(credential.credentialSubject)).toContain('Ines Mutoni');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates, edits (with an image) and deletes a course, and the public catalogue follows each step', async () => {
    const { page, context } = await adminPage(390);
    const visitor = await openPage(browser);
    const publicTitles = async () => {
      await visitor.page.goto(`${site.base}/courses`);
      await visitor.page.getByRole('heading', { level: 1, name: 'Our Barista Courses' }).waitFor();
      await visitor.page.getByRole('article').first().waitFor();
      return visitor.page.getByRole('heading', { level: 2 }).allTextContents();
    };

    await page.goto(`${site.adminBase}/admin/courses/new`);
    await page.getByLabel('Title', { exact: true }).fill('Barista Basics for Hotels');
    await page.getByLabel('Description', { exact: true }).fill('Breakfast-service coffee for hotel teams.');
    await page.getByLabel('Category').selectOption('Service Skills');
    await page.getByLabel('Price (Rwf)').fill('80000');
    await page.getByLabel('Tags', { exact: true }).fill('hotel, breakfast');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await page.getByText('Course "Barista Basics for Hotels" added successfully.').waitFor();
    expect(await publicTitles()).toContain('Barista Basics for Hotels');

    const png = join(tmpdir(), `course-${Date.now()}.png`);
    writeFileSync(
      png,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.getByRole('link', { name: 'Edit Barista Basics for Hotels' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Hotel Barista Basics');
    await page.getByLabel('Replace the image').setInputFiles(png);
    await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await page.getByRole('button', { name: 'Update Course' }).click();
    await page.getByText('Course "Hotel Barista Basics" updated successfully.').waitFor();
    const titles = await publicTitles();
    expect(titles).toContain('Hotel Barista Basics');
    expect(titles).not.toContain('Barista Basics for Hotels');
    // The card's picture is decoration beside its title (the title is said once, by its link).
    const image = visitor.page
      .getByRole('article')
      .filter({ has: visitor.page.getByRole('heading', { name: 'Hotel Barista Basics' }) })
      .locator('img[alt=""]');
    // The page shows the upload's WebP copy (this 1×1 PNG has one, 1 px wide), never the original.
    expect(await image.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}\/1\.webp$/);

    await page.getByRole('button', { name: 'Delete Hotel Barista Basics' }).click();
    await answerDialog(page);
    await page.getByText('Course deleted successfully.').waitFor();
    expect(await publicTitles()).not.toContain('Hotel Barista Basics');
    await visitor.context.close();
    await context.close();
  });
});
