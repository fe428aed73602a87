/** A job's applicants for its employer, and the count per job on My Job Postings. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aJob, aJobApplicant } from '@btls/shared-api/fixtures';
import type { Job, JobApplicant } from '@btls/shared-api/schemas';
import { answer, API, http, renderAt, server, signInAs, useTestApi } from '@btls/shared-auth/testing';
import { ApplicantsPage } from '../src/features/applicants-page';
import { MyJobsPage } from '../src/features/my-jobs-page';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  useTestApi();
  localStorage.clear();
  signInAs({ role: 'employer' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

const job = aJob({ id: 9, title: 'Head Barista' });
const aline = aJobApplicant({ id: 31, jobId: 9, hasCv: true });
const jean = aJobApplicant({
  id: 32,
  jobId: 9,
  status: 'Shortlisted',
  trainee: { id: 3, firstName: 'Jean', lastName: 'Habimana', email: 'jean@example.rw' },
  phone: null,
  coverNote: null,
  certificates: [],
  history: [
    { from: null, to: 'New', note: null, at: '2026-05-04T09:00:00.000Z', byName: 'Jean Habimana' },
    {
      from: 'New',
      to: 'Shortlisted',
      note: 'Great latte art',
      at: '2026-05-05T09:00:00.000Z',
      byName: 'Eric Employer',
    },
  ],
});

/** The list as the server keeps it, so a change shows after the page reloads it. */
function api(rows: JobApplicant[] = [aline, jean]) {
  const asked: string[] = [];
  let current = rows;
  server.use(
    http.get(`${API}/jobs/9`, answer(job)),
    http.get(`${API}/jobs/9/applications`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params.toString());
      const status = params.get('status');
      const shown = status ? current.filter((r) => r.status === status) : current;
      return Response.json(shown, { headers: { 'X-Total-Count': String(shown.length) } });
    }),
  );
  return { asked, set: (next: JobApplicant[]) => (current = next) };
}

const page = (path = '/employer/jobs/9/applicants') =>
  renderAt(path, [{ path: '/employer/jobs/:jobId/applicants', element: <ApplicantsPage /> }]);

describe('the Applicants page', () => {
  it('shows each applicant: name, e-mail, phone, cover note, CV, certificates linked to their verification page, history', async () => {
    api();
    page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants: Head Barista' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Aline Uwase' });
    expect(within(card).getByRole('link', { name: 'aline@example.rw' }).getAttribute('href')).toBe(
      'mailto:aline@example.rw',
    );
    expect(within(card).getByRole('link', { name: '+250781234567' }).getAttribute('href')).toBe('tel:+250781234567');
    expect(within(card).getByText('I love espresso.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download CV of Aline Uwase' })).toBeTruthy();
    const verify = within(card).getByRole('link', { name: 'Verify BTLS-AAAA-BBBB-CCCC-DDDD (opens in a new tab)' });
    expect(verify.getAttribute('href')).toBe('/verify/BTLS-AAAA-BBBB-CCCC-DDDD');
    expect(within(card).getByText('New')).toBeTruthy();

    const other = screen.getByRole('article', { name: 'Jean Habimana' });
    expect(within(other).getByText('Not given')).toBeTruthy();
    expect(within(other).getByText('None attached')).toBeTruthy();
    expect(within(other).getByText('Status history (2)')).toBeTruthy();
    expect(within(other).getByText(/Eric Employer: New → Shortlisted/)).toBeTruthy();
    expect(within(other).getByText(/Great latte art/)).toBeTruthy();
  });

  it('offers only the moves the pipeline allows from each status', async () => {
    api();
    page();
    const aCard = await screen.findByRole('article', { name: 'Aline Uwase' });
    expect(
      within(aCard)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Download CV of Aline Uwase', 'Shortlist: Aline Uwase', 'Not selected: Aline Uwase']);
    const jCard = screen.getByRole('article', { name: 'Jean Habimana' });
    expect(within(jCard).getByRole('button', { name: 'Move to Interview: Jean Habimana' })).toBeTruthy();
    expect(within(jCard).queryByRole('button', { name: /Shortlist:/ })).toBeNull();
  });

  it('shortlists one applicant with a note, then shows the new status', async () => {
    const list = api();
    let sent: unknown;
    server.use(
      http.patch(`${API}/job-applications/31`, async ({ request }) => {
        sent = await request.json();
        list.set([{ ...aline, status: 'Shortlisted' }, jean]);
        return Response.json({ ...aline, status: 'Shortlisted' });
      }),
    );
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Shortlist: Aline Uwase' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Strong certificate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Said where the tap was, in the card under the name (not at the page's top, a screen away on a phone), and
    // announced.
    const card = await screen.findByRole('article', { name: 'Aline Uwase' });
    await waitFor(() =>
      expect(card.querySelector('p[aria-hidden]')?.textContent).toBe('Aline Uwase is now Shortlisted.'),
    );
    expect(document.querySelector('[aria-live=polite].visually-hidden')?.textContent).toBe(
      'Aline Uwase is now Shortlisted.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(sent).toEqual({ status: 'Shortlisted', note: 'Strong certificate' });
    expect(await within(card).findByRole('button', { name: 'Move to Interview: Aline Uwase' })).toBeTruthy();
    // The button the dialog came from is gone with the move: the keyboard is on the applicant, not the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Aline Uwase' })),
    );
  });

  it('after a move that takes the applicant out of the list shown, the keyboard is on what happened', async () => {
    const list = api();
    server.use(
      http.patch(`${API}/job-applications/31`, () => {
        list.set([{ ...aline, status: 'Shortlisted' }, jean]);
        return Response.json({ ...aline, status: 'Shortlisted' });
      }),
    );
    page('/employer/jobs/9/applicants?status=New');
    await userEvent.click(await screen.findByRole('button', { name: 'Shortlist: Aline Uwase' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    const notice = await screen.findByText('Aline Uwase is now Shortlisted.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('article', { name: 'Aline Uwase' })).toBeNull();
  });

  it('changes several at once; a refusal shows its reason and keeps the selection and the note', async () => {
    api();
    let sent: unknown;
    server.use(
      http.post(`${API}/jobs/9/applications/status`, async ({ request }) => {
        sent = await request.json();
        return Response.json(
          { message: 'Aline Uwase: An application that is New cannot be moved to Interview.' },
          { status: 409 },
        );
      }),
    );
    page();
    // The change of several comes with Select: the list's first card stands first otherwise.
    await screen.findByRole('article', { name: 'Aline Uwase' });
    expect(screen.queryByRole('button', { name: 'Apply to selected' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Aline Uwase' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply to selected' }));
    // The rules load on first use: the check answers a moment later.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please select at least one applicant.'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Select all on this page/ }));
    expect(screen.getByText('2 selected.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'Interview');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Monday 10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to selected' }));
    expect(
      await screen.findByText('Aline Uwase: An application that is New cannot be moved to Interview.'),
    ).toBeTruthy();
    expect(sent).toEqual({ ids: [31, 32], status: 'Interview', note: 'Monday 10:00' });
    expect((screen.getByRole('checkbox', { name: 'Select Aline Uwase' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Monday 10:00');
  });

  it('filters by status and searches by name or course on the server, kept in the address', async () => {
    const { asked } = api();
    page('/employer/jobs/9/applicants?status=Shortlisted');
    expect(await screen.findByRole('article', { name: 'Jean Habimana' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Aline Uwase' })).toBeNull();
    expect(asked[0]).toBe('status=Shortlisted&limit=20&offset=0');
    fireEvent.change(screen.getByLabelText('Search applicants'), { target: { value: 'latte' } });
    await vi.waitFor(() => expect(asked.at(-1)).toBe('status=Shortlisted&q=latte&limit=20&offset=0'));
  });

  it('says so when nobody has applied yet', async () => {
    api([]);
    page();
    expect(await screen.findByText('No applications yet. They will appear here as trainees apply.')).toBeTruthy();
  });
});

describe('My Job Postings', () => {
  const postings = (rows: Job[] = [{ ...job, applicationCount: 4, newApplicationCount: 2 }]) =>
    server.use(
      http.get(`${API}/jobs/my-postings`, () =>
        Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } }),
      ),
    );
  const myJobs = () => renderAt('/employer/my-jobs', [{ path: '/employer/my-jobs', element: <MyJobsPage /> }]);

  it("reaches a posting's applicants in one tap, saying how many are new", async () => {
    postings([
      { ...job, applicationCount: 4, newApplicationCount: 2 },
      { ...aJob({ id: 10, title: 'Weekend Barista' }), applicationCount: 1, newApplicationCount: 1 },
    ]);
    myJobs();
    const link = await screen.findByRole('link', { name: 'Applicants (2 new) Head Barista' });
    expect(link.getAttribute('href')).toBe('/employer/jobs/9/applicants');
    expect(screen.getByText('4 in all')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Applicants (1 new) Weekend Barista' })).toBeTruthy();
  });

  it('shows the salary in words, an older posting’s as written', async () => {
    postings([
      { ...job, salary: { min: 250000, max: 320000, currency: 'RWF', period: 'month' }, salaryRange: 'x' },
      { ...aJob({ id: 10, title: 'Weekend Barista' }), salary: null, salaryRange: 'RWF 8,000 per shift' },
    ]);
    myJobs();
    expect(await screen.findByText('RWF 250,000–320,000 per month')).toBeTruthy();
    expect(screen.getByText('RWF 8,000 per shift')).toBeTruthy();
  });

  it('keeps Delete apart from Edit and deletes only once the employer confirms, naming the job', async () => {
    postings();
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/jobs/9`, ({ request }) => {
        deleted.push(request.url);
        return Response.json({ message: 'Job deleted successfully.' });
      }),
    );
    myJobs();
    const remove = await screen.findByRole('button', { name: 'Delete Head Barista' });
    const edit = screen.getByRole('link', { name: 'Edit Head Barista' });
    // Not one of the row's everyday actions (Activate, Edit): apart, after them, and of its own look.
    expect(edit.parentElement!.contains(remove)).toBe(false);
    expect(edit.parentElement!.contains(screen.getByRole('button', { name: /^(De)?activate/i }))).toBe(true);
    expect(edit.parentElement!.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(remove.className).not.toBe(edit.className);
    await userEvent.click(remove);
    const question = screen.getByRole('dialog');
    expect(question.textContent).toContain('Delete the job posting "Head Barista"?');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    expect(screen.getByRole('link', { name: 'Edit Head Barista' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Head Barista' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    const notice = await screen.findByText('Job "Head Barista" deleted.');
    expect(deleted).toHaveLength(1);
    // The row and its buttons are gone: the keyboard is on what happened.
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});
