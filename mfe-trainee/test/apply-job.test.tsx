/** The job application form, and the trainee's job applications on the dashboard. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCertificate, aJob, aMyJobApplication } from '@btls/shared-api/fixtures';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { ApplyJobPage } from '../src/features/jobs/apply-job-page';

mockApiForFile();

const barista = aJob({ id: 7, title: 'Head Barista', companyName: 'Question Coffee' });
const form = () => renderAt('/jobs/7/apply', [{ path: '/jobs/:jobId/apply', element: <ApplyJobPage /> }]);

function api({
  mine = [],
  certificates = [aCertificate({ courseTitle: 'Espresso Mastery', certificateCode: 'BTLS-1111-2222-3333-4444' })],
} = {}) {
  server.use(
    http.get(`${API}/jobs/7`, answer(barista)),
    http.get(`${API}/job-applications/mine`, answer(mine)),
    http.get(`${API}/certificates/user`, answer(certificates)),
  );
}

describe('the job application form', () => {
  it('shows the job, the certificates that will be shared (each verifiable), and the optional fields', async () => {
    signInAs({ role: 'trainee' });
    api();
    form();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply: Head Barista' })).toBeTruthy();
    const shared = await screen.findByRole('group', { name: 'Certificates you share' });
    expect(await within(shared).findByText('Espresso Mastery')).toBeTruthy();
    expect(
      within(shared)
        .getByRole('link', { name: /verify BTLS-1111-2222-3333-4444/ })
        .getAttribute('href'),
    ).toBe('/verify/BTLS-1111-2222-3333-4444');
    expect(screen.getByLabelText('Phone number (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Cover note (optional)')).toBeTruthy();
    expect(screen.getByLabelText('CV (optional, PDF, at most 2 MB)').getAttribute('accept')).toContain(
      'application/pdf',
    );
  });

  it('a trainee without certificates may still apply, and is told so', async () => {
    signInAs({ role: 'trainee' });
    api({ certificates: [] });
    form();
    expect(await screen.findByText(/You have no certificates yet: you can still apply./)).toBeTruthy();
  });

  it('checks the phone with the server’s schema: the message beside the field, focus on it, the form stays filled, nothing is sent', async () => {
    signInAs({ role: 'trainee' });
    api();
    let posted = false;
    server.use(http.post(`${API}/jobs/7/applications`, () => ((posted = true), Response.json({}, { status: 201 }))));
    form();
    await userEvent.type(await screen.findByLabelText('Phone number (optional)'), '12345');
    await userEvent.type(screen.getByLabelText('Cover note (optional)'), 'Five years of espresso.');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    const refusal = 'Please enter a Rwandan phone number, e.g. 078 123 4567 or +250 78 123 4567.';
    // Announced once as a summary, shown beside the field, which is marked, described by it and focused.
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    const phone = screen.getByLabelText('Phone number (optional)') as HTMLInputElement;
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const description = (phone.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toContain(refusal);
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.value).toBe('12345');
    expect((screen.getByLabelText('Cover note (optional)') as HTMLTextAreaElement).value).toBe(
      'Five years of espresso.',
    );
    expect(posted).toBe(false);
  });

  it('refuses a CV that is not a PDF by its bytes, whatever its name', async () => {
    signInAs({ role: 'trainee' });
    api();
    form();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText('CV (optional, PDF, at most 2 MB)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The CV must be a PDF file.');
    expect(screen.getByLabelText('CV (optional, PDF, at most 2 MB)').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends phone and note, then says "Applied on {date} — New" with a way to the dashboard', async () => {
    signInAs({ role: 'trainee' });
    api();
    let sent: unknown;
    server.use(
      http.post(`${API}/jobs/7/applications`, async ({ request }) => {
        sent = await request.json();
        return Response.json(
          aMyJobApplication({ jobId: 7, jobTitle: 'Head Barista', appliedAt: '2026-05-04T09:00:00.000Z' }),
          { status: 201 },
        );
      }),
    );
    form();
    await userEvent.type(await screen.findByLabelText('Phone number (optional)'), '078 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Applied on May 4, 2026 — New' })).toBeTruthy();
    expect(sent).toEqual({ phone: '078 123 4567', coverNote: '' });
    expect(screen.getByText('Your application has been sent. The employer will be in touch.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Job Applications' }).getAttribute('href')).toBe('/dashboard');
  });

  it("shows the server's refusal (e.g. the job closed meanwhile) and keeps what was typed", async () => {
    signInAs({ role: 'trainee' });
    api();
    server.use(
      http.post(`${API}/jobs/7/applications`, answer({ message: 'Job not found or no longer available.' }, 404)),
    );
    form();
    await userEvent.type(await screen.findByLabelText('Cover note (optional)'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Job not found or no longer available.')).toBeTruthy();
    expect((screen.getByLabelText('Cover note (optional)') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('applied already: the status instead of the form', async () => {
    signInAs({ role: 'trainee' });
    api({
      mine: [aMyJobApplication({ jobId: 7, status: 'Interview', appliedAt: '2026-05-04T09:00:00.000Z' })] as never[],
    });
    form();
    expect(await screen.findByRole('heading', { name: 'Applied on May 4, 2026 — Interview' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });

  it('employers (and other roles) read why they cannot apply, with a way to their own panel', async () => {
    signInAs({ role: 'employer' });
    form();
    expect(screen.getByText(/Only trainees can apply for jobs. Your account is an employer account./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the job' }).getAttribute('href')).toBe('/jobs/7');
  });
});
