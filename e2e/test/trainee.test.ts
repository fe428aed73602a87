/** A trainee's whole journey: register, apply, get a trainer and progress, get and print a certificate. */
import { describe, expect, it } from 'vitest';
import { browser, callApi, DEMO, mustCallApi, openPage, site, tokenFor, useSite } from './harness';

useSite();

const api = (path: string, init: Parameters<typeof callApi>[2] = {}) => mustCallApi(site, path, init);
const tokenOf = (email: string, password: string) => tokenFor(site, { email, password });

describe('a trainee', () => {
  it('registers, applies, is approved with a trainer, sees progress, then prints and shares a certificate', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    const email = `ange.${Date.now()}@example.rw`;
    await page.goto(`${site.base}/register`);
    await page.getByLabel('First Name').fill('Ange');
    await page.getByLabel('Last Name').fill('Keza');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('kawa-2026');
    await page.getByLabel('Confirm Password').fill('kawa-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Start Your Barista Journey' }).waitFor();

    // Apply from the course page: the Enroll button leads a signed-in trainee to the form, course chosen.
    const courses = await api('/courses');
    const course = courses.find((c: { title: string }) => c.title === 'Latte Art Masterclass');
    await page.goto(`${site.base}/courses/${course.id}`);
    await page.getByRole('link', { name: 'Enroll Now' }).click();
    await page.waitForURL(`${site.base}/apply-for-course?courseId=${course.id}`);
    await expect.poll(() => page.getByLabel('Course').inputValue()).toBe(String(course.id));
    await page.getByLabel('Notes for the training centre (optional)').fill('Weekend classes suit me.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText(/has been submitted \(application ID \d+\)/).waitFor();
    // A reload keeps the confirmation (it is in the address); the next step is the dashboard.
    await page.reload();
    await page.getByText(/"Latte Art Masterclass" has been submitted/).waitFor();
    await page.getByRole('link', { name: 'See my applications' }).click();
    const applications = page.getByRole('region', { name: 'My Course Applications' });
    await applications.getByText('Pending').waitFor();

    // The training centre approves, assigns a trainer; the trainer records progress.
    const admin = await tokenOf(DEMO.admin.email, DEMO.admin.password);
    const trainer = await tokenOf('trainer@btls-demo.rw', 'trainer-demo-2026');
    const [mine] = await api('/enrollments?status=Pending', { token: admin }).then((list) =>
      list.filter((e: { traineeEmail: string }) => e.traineeEmail === email),
    );
    await api(`/enrollments/${mine.id}/status`, {
      method: 'PUT',
      token: admin,
      body: { status: 'Approved', adminNotes: 'See you Saturday!' },
    });
    const [trainerInfo] = await api('/users/trainers', { token: admin });
    await api(`/enrollments/${mine.id}/assign-trainer`, {
      method: 'PUT',
      token: admin,
      body: { trainerId: trainerInfo.id },
    });
    await api(`/progress/enrollment/${mine.id}`, {
      method: 'POST',
      token: trainer,
      body: { assessmentName: 'Heart pour', score: 7, maxScore: 10, feedbackNotes: 'Good symmetry' },
    });

    await page.reload();
    await applications.getByText('Approved').waitFor();
    await applications.getByText(`${trainerInfo.firstName} ${trainerInfo.lastName}`, { exact: false }).waitFor();
    await applications.getByText('See you Saturday!').waitFor();
    await page.getByRole('region', { name: 'My Learning Progress' }).getByText('Heart pour').waitFor();

    // The trainer completes the training; the admin issues the certificate.
    await api(`/enrollments/${mine.id}/status`, { method: 'PUT', token: trainer, body: { status: 'Completed' } });
    const issued = await api('/certificates/issue', {
      method: 'POST',
      token: admin,
      body: { enrollmentApplicationId: mine.id, userId: mine.traineeId, courseId: mine.courseId },
    });
    const code: string = issued.certificate.certificateCode;

    await page.reload();
    await page.getByRole('link', { name: 'View certificate' }).click();
    await page.waitForURL(`${site.base}/certificate/${code}`);
    const certificate = page.getByRole('article', { name: 'Certificate of Completion' });
    await certificate.getByText('Ange Keza').waitFor();
    await certificate.getByRole('img', { name: /QR code/ }).waitFor();

    // Printing: exactly the certificate, filling one A4 landscape page; no navigation, no buttons.
    await page.emulateMedia({ media: 'print' });
    // (Hidden elements drop out of the accessibility tree, so these are found by tag.)
    const visibility = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).visibility);
    expect(await visibility('header')).toBe('hidden');
    expect(await visibility('footer')).toBe('hidden');
    expect(await visibility('main button')).toBe('hidden');
    expect(await certificate.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const mediaBox = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    expect(Number(mediaBox![1])).toBeGreaterThan(Number(mediaBox![2])); // landscape
    expect(Math.round(Number(mediaBox![1]))).toBe(842); // A4: 297 mm = 842 pt
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();

    // Anyone, signed out, can check the code.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${site.base}/verify/${code}`);
    await visitor.page.getByText('This is a genuine certificate issued by BTLS Coffee Training Centre.').waitFor();
    await visitor.page.getByText('Ange Keza').first().waitFor(); // also in the credential check below
    await visitor.page.goto(`${site.base}/verify/BTLS-0000-0000-0000-0000`);
    await visitor.page.getByText(/not a valid certificate/).waitFor();
    await visitor.context.close();
  });
});
