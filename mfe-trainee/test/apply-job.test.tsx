/** The job application form, and the trainee's job applications on the dashboard. */
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedWrites, removeQueuedWrite } from '@btls/shared-api/offline-queue';
import { forgetDraft } from '@btls/shared-ui/draft';
import { aCertificate, aJob, aMyJobApplication } from '@btls/shared-api/fixtures';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { ApplyJobPage } from '../src/features/jobs/apply-job-page';

mockApiForFile();
afterEach(async () => {
  cleanup();
  for (const write of await queuedWrites(1)) await removeQueuedWrite(write.key);
  await forgetDraft('job-application:7', 1);
});

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
    // The kinds and the size are said before choosing; the chooser is a button-sized label around the input.
    const group = screen.getByRole('group', { name: 'CV (optional)' });
    expect(within(group).getByText('PDF, Word or a photo of your CV, up to 5 MB.')).toBeTruthy();
    const chooser = screen.getByLabelText('Choose your CV');
    for (const kind of ['application/pdf', '.docx', '.doc', 'image/jpeg', 'image/png'])
      expect(chooser.getAttribute('accept')).toContain(kind);
    expect(chooser.getAttribute('aria-describedby')).toContain('cv-hint');
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
    const refusal =
      'Please enter a phone number with its country code, e.g. +256 772 123 456, or a Rwandan number such as 078 123 4567.';
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

  it('refuses a CV that is no PDF, Word file or photo by its bytes, whatever its name', async () => {
    signInAs({ role: 'trainee' });
    api();
    form();
    const file = new File([new TextEncoder().encode('MZ\x90 a program')], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText('Choose your CV'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The CV must be a PDF, a Word document or a photo (JPEG or PNG).',
    );
    expect(screen.getByLabelText('Choose another CV').getAttribute('aria-invalid')).toBe('true');
  });

  it('a photo of the CV and a +256 number are sent as a form; the chosen file is named and can be removed', async () => {
    signInAs({ role: 'trainee' });
    api();
    let sent: { phone: unknown; cv: string; key: string | null } | undefined;
    server.use(
      http.post(`${API}/jobs/7/applications`, async ({ request }) => {
        const body = await request.formData();
        sent = {
          phone: body.get('phone'),
          // (jsdom's File loses its name on the way through the test's fetch: the journey checks the name.)
          cv: typeof body.get('cv'),
          key: request.headers.get('Idempotency-Key'),
        };
        return Response.json(aMyJobApplication({ jobId: 7, appliedAt: '2026-05-04T09:00:00.000Z' }), { status: 201 });
      }),
    );
    form();
    const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'my-cv.jpg', { type: 'image/jpeg' });
    await userEvent.upload(await screen.findByLabelText('Choose your CV'), photo());
    expect(screen.getByText('Chosen: my-cv.jpg (1 KB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the CV' }));
    expect(screen.queryByText(/Chosen:/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Choose your CV'));
    await userEvent.upload(screen.getByLabelText('Choose your CV'), photo());
    await userEvent.type(screen.getByLabelText('Phone number (optional)'), '+256 772 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Applied on May 4, 2026 — New' })).toBeTruthy();
    expect(sent).toEqual({ phone: '+256 772 123 456', cv: 'object', key: expect.stringMatching(/^[\w-]{36}$/) });
  });

  it('what was typed survives leaving the page and coming back, until it is sent', async () => {
    signInAs({ role: 'trainee' });
    api();
    const first = form();
    await userEvent.type(await screen.findByLabelText('Cover note (optional)'), 'Five years of espresso.');
    await userEvent.type(screen.getByLabelText('Phone number (optional)'), '0781234567');
    first.unmount();
    form();
    expect(await screen.findByText('Your application as you left it: it has not been sent yet.')).toBeTruthy();
    expect((screen.getByLabelText('Cover note (optional)') as HTMLTextAreaElement).value).toBe(
      'Five years of espresso.',
    );
    expect((screen.getByLabelText('Phone number (optional)') as HTMLInputElement).value).toBe('0781234567');
  });

  it('sent without network: kept on the phone, "not sent yet — waiting to send", still there after leaving, sent once when the network returns', async () => {
    signInAs({ role: 'trainee' });
    api();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const arrived: (string | null)[] = [];
    server.use(http.post(`${API}/jobs/7/applications`, () => HttpResponse.error()));
    const first = form();
    await userEvent.type(await screen.findByLabelText('Cover note (optional)'), 'From the bus.');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Not sent yet — waiting to send' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/has not reached the employer.*sent once, by itself/);
    expect(screen.getByText('From the bus.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
    first.unmount();

    form();
    expect(await screen.findByRole('heading', { name: 'Not sent yet — waiting to send' })).toBeTruthy();
    const [kept] = await queuedWrites(1);
    expect(kept).toMatchObject({
      path: 'jobs/7/applications',
      state: 'waiting',
      firstBody: { coverNote: 'From the bus.' },
    });

    // The network returns: the kept application is sent with the key of its first try, once.
    server.use(
      http.post(/\/api\/jobs\/7\/applications$/, ({ request }) => {
        arrived.push(request.headers.get('Idempotency-Key'));
        return Response.json(aMyJobApplication({ jobId: 7, appliedAt: '2026-05-04T09:00:00.000Z' }), { status: 201 });
      }),
      http.get(`${API}/job-applications/mine`, () =>
        Response.json(arrived.length ? [aMyJobApplication({ jobId: 7, appliedAt: '2026-05-04T09:00:00.000Z' })] : []),
      ),
    );
    offline.mockReturnValue(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(arrived).toEqual([kept!.key]));
    expect(await screen.findByRole('heading', { name: 'Applied on May 4, 2026 — New' })).toBeTruthy();
    expect(await queuedWrites(1)).toEqual([]);
  });

  it("refused on arrival (the job closed meanwhile): the server's words, kept to change and send again, or discard", async () => {
    signInAs({ role: 'trainee' });
    api();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.post(`${API}/jobs/7/applications`, () => HttpResponse.error()));
    form();
    await userEvent.type(await screen.findByLabelText('Cover note (optional)'), 'From the bus.');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByRole('heading', { name: 'Not sent yet — waiting to send' });
    server.use(
      http.post(/\/api\/jobs\/7\/applications$/, () =>
        Response.json(
          { message: 'Job not found or no longer available.', code: 'fallback.publicJobNotFound' },
          { status: 404 },
        ),
      ),
    );
    offline.mockReturnValue(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Not sent: the application was refused' })).toBeTruthy();
    expect(screen.getByText('Job not found or no longer available.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change and send again' }));
    expect(await screen.findByText('Your application as you left it: it has not been sent yet.')).toBeTruthy();
    expect((screen.getByLabelText('Cover note (optional)') as HTMLTextAreaElement).value).toBe('From the bus.');
    expect(await queuedWrites(1)).toEqual([]);
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
