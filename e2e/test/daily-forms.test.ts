/**
 * Everyday forms on a phone (390 px): a refused form says every problem at once, each beside its field, the
 * keyboard on the first (registration, a trainer's record); Enroll Now signed out leads to a page naming the
 * course that leads with creating an account, and back to the application for that course. Screenshots at
 * 320/390/1280 px (en, rw) go to $BTLS_SCREENSHOTS when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  browser,
  enrollmentOfDemoTrainer,
  mustCallApi,
  openPage,
  settled,
  signIn,
  site,
  takenOver,
  DEMO,
  useSite,
} from './harness';

useSite();

const SHOTS = process.env.BTLS_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The words a control is described by (its message beside it, its hint). */
function describedBy(page: Page, label: string, exact = true) {
  return page.getByLabel(label, { exact }).evaluate((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);

describe('every problem at once', () => {
  it('registration says the e-mail, the short password and the mismatch together, each beside its field', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/register`);
    await takenOver(page);
    await page.getByLabel('First Name').fill('Ange');
    await page.getByLabel('Last Name').fill('Keza');
    await page.getByLabel('Email').fill('ange-at-example');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm Password').fill('124');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // One submit: all three, each beside its field, the keyboard on the first.
    await expect.poll(() => focusedName(page)).toBe('email');
    expect(await describedBy(page, 'Email')).toContain('Please enter a valid email address.');
    expect(await describedBy(page, 'Password')).toContain('Password must be at least 6 characters long.');
    expect(await describedBy(page, 'Confirm Password')).toContain('Passwords do not match.');
    for (const label of ['Email', 'Password', 'Confirm Password'])
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const summary = page.getByRole('alert');
    await expect.poll(() => summary.textContent()).toContain('Please fix these 3 problems:');
    // A line of the summary takes the keyboard to its field.
    await summary.getByRole('button', { name: /^Confirm Password/ }).click();
    expect(await focusedName(page)).toBe('confirmPassword');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'register-problems-390-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a trainer's record says the name's length and the score's problem together", async () => {
    const { enrollmentId } = await enrollmentOfDemoTrainer('Forms');
    const { page, context } = await openPage(browser, 390);
    await signIn(page, site.base, DEMO.trainer);
    await page.waitForURL(`${site.base}/trainer/dashboard`);
    await page.goto(`${site.base}/trainer/student-progress/${enrollmentId}`);
    await page.getByLabel('Assessment name').fill('Espresso shot and milk texture '.repeat(8));
    await page.getByLabel('Score', { exact: true }).fill('12');
    await page.getByLabel('Max Score').fill('10');
    await page.getByRole('button', { name: 'Add Record' }).click();

    await expect.poll(() => focusedName(page)).toBe('assessmentName');
    expect(await describedBy(page, 'Assessment name')).toContain('Must be at most 200 characters.');
    expect(await describedBy(page, 'Score')).toContain('Score cannot be greater than Max Score.');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Please fix these 2 problems:');
    // Nothing was sent.
    expect(await page.getByRole('table').count()).toBe(0);
    await shoot(page, 'trainer-record-problems-390-en');
    await context.close();
  });
});

describe('Enroll Now signed out', () => {
  it('leads to a page naming the course, then an account, then back to the application for that course', async () => {
    const courses = await mustCallApi(site, '/courses');
    const course = courses.find((c: { title: string }) => c.title === 'Latte Art Masterclass');
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`${site.base}/courses/${course.id}`);
    await takenOver(page);
    await page.getByRole('link', { name: 'Enroll Now' }).click();

    await page.waitForURL(`${site.base}/courses/${course.id}/enroll`);
    await page.getByRole('heading', { level: 1, name: `Apply for ${course.title}` }).waitFor();
    await page.getByText(`To apply for ${course.title}, create an account or sign in.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Creating an account leads: the first link of the page's main part, a button's size.
    const create = page.getByRole('main').getByRole('link').first();
    expect(await create.textContent()).toBe('Create an account');
    const box = (await create.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    // Signing in beside it, a button too: next in the page, as wide.
    const signIn = page.getByRole('main').getByRole('link').nth(1);
    expect(await signIn.textContent()).toBe('Sign in');
    expect((await signIn.boundingBox())!.width).toBeCloseTo(box.width, 0);
    await shoot(page, 'enroll-390-en');
    await create.click();

    await page.waitForURL(/\/register\?next=/);
    await page.getByLabel('First Name').fill('Ange');
    await page.getByLabel('Last Name').fill('Keza');
    await page.getByLabel('Email').fill(`ange.enroll.${Date.now()}@example.rw`);
    await page.getByLabel('Password', { exact: true }).fill('kawa-2026');
    await page.getByLabel('Confirm Password').fill('kawa-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(`${site.base}/apply-for-course?courseId=${course.id}`);
    await expect.poll(() => page.getByLabel('Course').inputValue()).toBe(String(course.id));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the page is the server’s at first: it names the course before any script, in the reader’s language', async () => {
    const courses = await mustCallApi(site, '/courses');
    const course = courses.find((c: { title: string }) => c.title === 'Latte Art Masterclass');
    const html = await (
      await fetch(`${site.base}/courses/${course.id}/enroll`, { headers: { Cookie: 'btlsLang=en' } })
    ).text();
    expect(html).toContain('create an account or sign in');
    expect(html).toContain(`/register?next=%2Fapply-for-course%3FcourseId%3D${course.id}`);
  });
});

describe('screenshots', () => {
  it.skipIf(!SHOTS)('of the refused registration and the enroll page at 320, 390 and 1280 px, en and rw', async () => {
    const courses = await mustCallApi(site, '/courses');
    const course = courses.find((c: { title: string }) => c.title === 'Latte Art Masterclass');
    for (const language of ['en', 'rw'])
      for (const width of [320, 390, 1280]) {
        const { page, context } = await openPage(browser, width);
        await context.addCookies([{ name: 'btlsLang', value: language, url: site.base }]);
        await page.goto(`${site.base}/register`);
        await takenOver(page);
        await page.locator('form input[name="email"]').fill('ange-at-example');
        await page.locator('form input[name="password"]').fill('123');
        await page.locator('form input[name="confirmPassword"]').fill('124');
        await page.locator('form button[type="submit"]').click();
        await expect.poll(() => focusedName(page)).toBe('firstName');
        await shoot(page, `register-problems-${width}-${language}`);
        await page.goto(`${site.base}/courses/${course.id}/enroll`);
        await takenOver(page);
        await shoot(page, `enroll-${width}-${language}`);
        await context.close();
      }
  });
});
