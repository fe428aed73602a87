/**
 * Job applications on a phone: a visitor opens a job link, registers on the way, comes back to the form and applies;
 * the employer sees the applicant with a verifiable certificate, shortlists them and moves them to Interview;
 * the trainee sees the new status on their dashboard.
 */
import { describe, expect, it } from 'vitest';
import { browser, DEMO, mustCallApi, openPage, signIn, site, tokenFor, useSite } from './harness';

useSite();

const api = (path: string, init: Parameters<typeof mustCallApi>[2] = {}) => mustCallApi(site, path, init);

/** What the training centre does for a trainee meanwhile: an approved, completed course and its certificate. */
async function certify(email: string, password: string): Promise<string> {
  const [admin, trainer, login] = await Promise.all([
    tokenFor(site, DEMO.admin),
    tokenFor(site, { email: 'trainer@btls-demo.rw', password: 'trainer-demo-2026' }),
    api('/auth/login', { method: 'POST', body: { email, password } }),
  ]);
  const trainee: string = login.token;
  const userId: number = login.user.id;
  const courses = await api('/courses');
  const course = courses.find((c: { title: string }) => c.title === 'Latte Art Masterclass');
  const { applicationId } = await api('/enrollments/apply', {
    method: 'POST',
    token: trainee,
    body: { courseId: course.id },
  });
  await api(`/enrollments/${applicationId}/status`, { method: 'PUT', token: admin, body: { status: 'Approved' } });
  const [trainerInfo] = await api('/users/trainers', { token: admin });
  await api(`/enrollments/${applicationId}/assign-trainer`, {
    method: 'PUT',
    token: admin,
    body: { trainerId: trainerInfo.id },
  });
  await api(`/enrollments/${applicationId}/status`, { method: 'PUT', token: trainer, body: { status: 'Completed' } });
  const { certificate } = await api('/certificates/issue', {
    method: 'POST',
    token: admin,
    body: { enrollmentApplicationId: applicationId, userId, courseId: course.id },
  });
  return certificate.certificateCode;
}

describe('applying for a job', () => {
  it('a visitor registers from the job page, applies with a certificate; the employer moves them to Interview; the trainee sees it', async () => {
    const employerToken = await tokenFor(site, DEMO.employer);
    const { job } = await api('/jobs', {
      method: 'POST',
      token: employerToken,
      body: {
        title: 'Weekend Barista',
        companyName: 'Kigali Heights Café',
        description: 'Espresso and smiles.',
        location: 'Kigali',
        jobType: 'Part-time',
      },
    });

    // A visitor on a phone follows a shared job link.
    const trainee = await openPage(browser, 390);
    const { page } = trainee;
    await page.goto(`${site.base}/jobs/${job.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await page.waitForURL(`${site.base}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${site.base}/register`);
    const email = `claudine.${Date.now()}@example.rw`;
    await page.getByLabel('First Name').fill('Claudine');
    await page.getByLabel('Last Name').fill('Ingabire');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('kawa-2026');
    await page.getByLabel('Confirm Password').fill('kawa-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Back to the form, not the dashboard.
    await page.waitForURL(`${site.base}/jobs/${job.id}/apply`);
    await page.getByRole('heading', { level: 1, name: 'Apply: Weekend Barista' }).waitFor();
    await page.getByText('You have no certificates yet: you can still apply.', { exact: false }).waitFor();

    // Meanwhile the training centre certifies her; the form shows the certificate she will share.
    const code = await certify(email, 'kawa-2026');
    await page.reload();
    const shared = page.getByRole('group', { name: 'Certificates you share' });
    await shared.getByRole('link', { name: new RegExp(`verify ${code}`) }).waitFor();

    // Bad input: a clear message, the form stays filled.
    await page.getByLabel('Phone number (optional)').fill('12345');
    await page.getByLabel('Cover note (optional)').fill('Three years at a busy café in Nyamirambo.');
    await page.getByRole('button', { name: 'Send application' }).click();
    // Seen beside the field (the alert saying it once more is for screen readers only).
    await page
      .locator('form [id$="-error"]', {
        hasText:
          'Please enter a phone number with its country code, e.g. +256 772 123 456, or a Rwandan number such as 078 123 4567.',
      })
      .waitFor();
    expect(await page.getByLabel('Cover note (optional)').inputValue()).toBe(
      'Three years at a busy café in Nyamirambo.',
    );
    await page.getByLabel('Phone number (optional)').fill('078 123 4567');
    await page.getByLabel('Choose your CV').setInputFiles({
      name: 'claudine-cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% a tiny CV\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByRole('heading', { name: /^Applied on .+ — New$/ }).waitFor();
    // What was sent is on screen and focused, not above a phone's view with the focus on the page's body.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement as HTMLElement;
          const box = focused.getBoundingClientRect();
          return `${focused.innerText.split('\n')[0]} ${box.top > -1 && box.top < window.innerHeight ? 'in view' : `at ${box.top}`}`;
        }),
      )
      .toBe('Your application has been sent. The employer will be in touch. in view');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The job page now says so instead of the button.
    await page.goto(`${site.base}/jobs/${job.id}`);
    await page.getByText(/^Applied on .+ — New$/).waitFor();
    expect(await page.getByRole('link', { name: 'Apply Now' }).count()).toBe(0);

    // The employer, on a phone too.
    const employer = await openPage(browser, 390);
    await signIn(employer.page, site.base, DEMO.employer);
    await employer.page.waitForURL(`${site.base}/employer/dashboard`);
    await employer.page.goto(`${site.base}/employer/dashboard`);
    await employer.page.getByText('1 new').waitFor();
    await employer.page.goto(`${site.base}/employer/my-jobs`);
    await employer.page.getByRole('link', { name: 'Applicants (1 new) Weekend Barista', exact: true }).click();
    await employer.page.waitForURL(`${site.base}/employer/jobs/${job.id}/applicants`);
    const card = employer.page.getByRole('article', { name: 'Claudine Ingabire' });
    await card.waitFor();
    await card.getByRole('link', { name: '+250 781 234 567' }).waitFor();
    await card.getByText('Three years at a busy café in Nyamirambo.').waitFor();
    const verify = card.getByRole('link', { name: new RegExp(`Verify ${code}`) });
    expect(await verify.getAttribute('href')).toBe(`/verify/${code}`);
    const download = employer.page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download CV of Claudine Ingabire' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await card.getByRole('button', { name: 'Shortlist: Claudine Ingabire' }).click();
    await employer.page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    // Confirmed in the card, where the tap was (a live region says it once more for screen readers).
    await card.getByText('Claudine Ingabire is now Shortlisted.').waitFor();
    await card.getByRole('button', { name: 'Move to Interview: Claudine Ingabire' }).click();
    await employer.page.getByRole('dialog').getByRole('textbox').fill('Saturday 10:00 at the café');
    await employer.page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await card.getByText('Claudine Ingabire is now Interview.').waitFor();
    await card.getByText('Status history (3)').click();
    await card.getByText(/Shortlisted → Interview/).waitFor();
    expect(await employer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The certificate checks out on its public page.
    await employer.page.goto(`${site.base}/verify/${code}`);
    await employer.page.getByText('Claudine Ingabire').first().waitFor();

    // The trainee sees the new status on her dashboard.
    await page.goto(`${site.base}/dashboard`);
    const mine = page.getByRole('region', { name: 'My Job Applications' });
    await mine.getByRole('heading', { name: 'Weekend Barista' }).waitFor();
    await mine.getByText('Interview').waitFor();

    expect(trainee.errors).toEqual([]);
    expect(employer.errors).toEqual([]);
    await trainee.context.close();
    await employer.context.close();
  });

  it('employers see why they cannot apply', async () => {
    const { page, context } = await openPage(browser, 390);
    const [job] = await api('/jobs?limit=1');
    await signIn(page, site.base, DEMO.employer);
    await page.waitForURL(`${site.base}/employer/dashboard`);
    await page.goto(`${site.base}/jobs/${job.id}`);
    await page.getByText('Only trainees can apply for jobs: you are signed in as an employer.').waitFor();
    expect(await page.getByRole('button', { name: 'Apply Now' }).isDisabled()).toBe(true);
    // From the first HTML on: no Apply Now to tap while the page's script is on its way.
    const html = await (await page.request.get(`${site.base}/jobs/${job.id}`)).text();
    expect(html).toContain('Only trainees can apply for jobs: you are signed in as an employer.');
    expect(html).not.toContain('Apply in a minute');
    await context.close();
  });
});
