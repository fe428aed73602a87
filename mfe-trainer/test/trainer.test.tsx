import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '@btls/shared-api/schemas';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { useLocation } from '@btls/shared-auth';
import { AssignedStudentsPage } from '../src/features/assigned-students-page';
import { TrainerDashboardPage } from '../src/features/dashboard-page';
import { recordPayload } from '../src/features/progress-form';
import { StudentProgressPage } from '../src/features/student-progress-page';

mockApiForFile();

const base: Enrollment = {
  id: 7,
  applicationId: 7,
  courseId: 1,
  courseTitle: 'Espresso Fundamentals',
  courseCategory: 'Brewing Techniques',
  courseLevel: 'Beginner',
  traineeId: 2,
  traineeFirstName: 'Aline',
  traineeLastName: 'Uwase',
  traineeEmail: 'aline@example.rw',
  applicationDate: '2026-03-05T10:00:00.000Z',
  preferredStartDate: null,
  applicantNotes: null,
  adminNotes: null,
  status: 'Approved',
  assignedTrainerId: 3,
  trainerFirstName: 'Jean',
  trainerLastName: 'Paul',
  trainerEmail: 'jp@x.rw',
};

/** The record the pages start with. */
const grind = () => ({
  id: 1,
  enrollmentId: 7,
  assessmentName: 'Grind',
  score: 8,
  maxScore: 10,
  feedbackNotes: null as string | null,
  recordDate: '2026-03-06T09:30:00.000Z',
});

const showProgress = () =>
  renderAt('/trainer/student-progress/7', [
    { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
  ]);

describe('the progress record rules (docs/product.md §5)', () => {
  const ok = { assessmentName: 'Milk', score: '8.5', maxScore: '10', feedbackNotes: ' Silky ' };
  it.each([
    [{ ...ok, assessmentName: ' ' }, 'Assessment name is required.', 'assessmentName'],
    [{ ...ok, score: 'abc' }, 'Score must be a valid number.', 'score'],
    [{ ...ok, maxScore: 'x' }, 'Max Score must be a valid number.', 'maxScore'],
    [{ ...ok, maxScore: '-1', score: '' }, 'Max Score cannot be negative.', 'maxScore'],
    // The rule the hand-written check had lost: the server refuses a negative score, so the form does too.
    [{ ...ok, score: '-1' }, 'Score cannot be negative.', 'score'],
    [{ ...ok, score: '-1', maxScore: '' }, 'Score cannot be negative.', 'score'],
    [{ ...ok, score: '10.01' }, 'Score cannot be greater than Max Score.', 'score'],
  ])('refuses %#, naming the field to fix', (fields, problem, field) => {
    expect(recordPayload(fields)).toMatchObject({ problem, field });
  });
  it("names the name's problem and the scores' together, each on its field", () => {
    expect(recordPayload({ ...ok, assessmentName: 'x'.repeat(201), score: '12' })).toMatchObject({
      problems: [
        { message: 'Must be at most 200 characters.', field: 'assessmentName' },
        { message: 'Score cannot be greater than Max Score.', field: 'score' },
      ],
    });
    expect(recordPayload({ ...ok, assessmentName: ' ', score: '-1', maxScore: 'x' })).toMatchObject({
      problems: [
        { message: 'Assessment name is required.', field: 'assessmentName' },
        { message: 'Max Score must be a valid number.', field: 'maxScore' },
        { message: 'Score cannot be negative.', field: 'score' },
      ],
    });
  });
  it('sends numbers with decimals, and empty score or max score as null', () => {
    expect(recordPayload(ok)).toEqual({
      payload: { assessmentName: 'Milk', score: 8.5, maxScore: 10, feedbackNotes: 'Silky' },
    });
    expect(recordPayload({ assessmentName: 'Attendance', score: '', maxScore: '', feedbackNotes: '' })).toEqual({
      payload: { assessmentName: 'Attendance', score: null, maxScore: null, feedbackNotes: null },
    });
  });
});

describe('the trainer pages', () => {
  it('counts Approved assignments as active and Completed ones as completed', async () => {
    signInAs({ role: 'trainer', firstName: 'Jean' });
    const rows = [
      base,
      { ...base, id: 8, applicationId: 8 },
      { ...base, id: 9, applicationId: 9, status: 'Completed' },
    ];
    // The server filters by status and counts (X-Total-Count); the dashboard reads the totals.
    server.use(
      http.get(`${API}/enrollments/my-assigned-trainings`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const matching = rows.filter((r) => !status || r.status === status);
        return Response.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
      }),
    );
    renderAt('/trainer/dashboard', [{ path: '/trainer/dashboard', element: <TrainerDashboardPage /> }]);
    expect((await screen.findByText('Active assignments')).textContent).toContain('2');
    expect(screen.getByText('Trainings Completed').textContent).toContain('1');
  });

  it("shows 'Enrollment not found or not assigned to you.' for someone else's trainee", async () => {
    signInAs({ role: 'trainer' });
    server.use(
      http.get(`${API}/enrollments/99`, answer({ message: 'Enrollment not found or not assigned to you.' }, 404)),
    );
    renderAt('/trainer/student-progress/99', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('Enrollment not found or not assigned to you.');
  });

  it('offers Retry when the page could not be loaded, and Retry asks again', async () => {
    signInAs({ role: 'trainer' });
    let asked = 0;
    server.use(
      http.get(`${API}/enrollments/7`, () =>
        ++asked === 1 ? answer({ message: 'Failed to fetch application details' }, 500)() : answer(base)(),
      ),
      http.get(`${API}/progress/enrollment/7`, answer([])),
    );
    renderAt('/trainer/student-progress/7', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Failed to fetch application details/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No progress recorded yet.')).toBeTruthy();
    expect(screen.getByText(/Aline Uwase/)).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('deletes a record only after a confirm: when the notice shows, the row is gone and the notice has the keyboard', async () => {
    signInAs({ role: 'trainer' });
    let records = [grind()];
    let deleted = 0;
    // The list asked again after the delete comes when the test lets it: the notice must wait for it.
    let release = () => {};
    const refreshed = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      http.get(`${API}/progress/enrollment/7`, async () => {
        if (records.length === 0) await refreshed;
        return Response.json(records);
      }),
      http.delete(`${API}/progress/1`, () => {
        deleted += 1;
        records = [];
        return Response.json({ message: 'Progress record deleted successfully.' });
      }),
    );
    showProgress();
    // Cancelled: nothing is deleted, and the keyboard is back on Delete.
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grind' }));
    expect(within(screen.getByRole('dialog')).getByText('Delete the record "Grind"?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Grind' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Grind' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(screen.queryByText('Progress record deleted.')).toBeNull();
    release();
    const notice = await screen.findByText('Progress record deleted.');
    expect(screen.queryByRole('cell', { name: 'Grind' })).toBeNull();
    expect(screen.getByText('No progress recorded yet.')).toBeTruthy();
    // The row and its buttons are gone: the message of what happened has the keyboard, not the page's body.
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it("puts Delete apart from Edit, at the end of the record's actions", async () => {
    signInAs({ role: 'trainer' });
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      http.get(`${API}/progress/enrollment/7`, answer([grind()])),
    );
    showProgress();
    const edit = await screen.findByRole('button', { name: 'Edit Grind' });
    const actions = edit.parentElement!;
    expect([...actions.children].map((button) => button.textContent)).toEqual(['Edit', 'Delete']);
  });

  it("says 'Authentication or Application ID missing.' without a valid id", async () => {
    signInAs({ role: 'trainer' });
    renderAt('/trainer/student-progress/abc', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication or Application ID missing.');
  });

  it('adds a record (empty scores as null), shows dates and scores, and marks the training completed after a confirm', async () => {
    signInAs({ role: 'trainer' });
    let status: Enrollment['status'] = 'Approved';
    const records = [
      {
        id: 1,
        enrollmentId: 7,
        assessmentName: 'Grind',
        score: 8,
        maxScore: 10,
        feedbackNotes: 'Good',
        recordDate: '2026-03-06T09:30:00.000Z',
      },
    ];
    let sent: unknown;
    server.use(
      http.get(`${API}/enrollments/7`, () => answer({ ...base, status })()),
      http.get(`${API}/progress/enrollment/7`, () => answer(records)()),
      http.post(`${API}/progress/enrollment/7`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'ok', record: {} }, 201)();
      }),
      http.put(`${API}/enrollments/7/status`, () => {
        status = 'Completed';
        return answer({
          message: 'Training marked as completed. The admin has been notified to issue the certificate.',
        })();
      }),
    );
    renderAt('/trainer/student-progress/7', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    const row = (await screen.findByRole('cell', { name: 'Grind' })).closest('tr')!;
    expect(within(row).getByText('8 / 10')).toBeTruthy();
    expect(within(row).getByText(/Mar 6, 2026/)).toBeTruthy();
    expect(screen.getByLabelText('Score').getAttribute('step')).toBe('0.01');
    await userEvent.click(screen.getByRole('button', { name: 'Add Record' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Assessment name is required.');
    fireEvent.change(screen.getByLabelText('Assessment name'), { target: { value: 'Attendance' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Record' }));
    expect(await screen.findByText('Progress record added.')).toBeTruthy();
    expect(sent).toEqual({ assessmentName: 'Attendance', score: null, maxScore: null, feedbackNotes: null });
    await userEvent.click(screen.getByRole('button', { name: 'Mark training as completed' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/The admin has been notified/)).toBeTruthy();
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark training as completed' })).toBeNull();
  });

  it('records assessments in a row quickly: the record added comes into view with the keyboard on it, Max score remembered; Edit brings the form', async () => {
    signInAs({ role: 'trainer' });
    const sent: unknown[] = [];
    const records = [grind()];
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      http.get(`${API}/progress/enrollment/7`, () => answer(records)()),
      http.post(`${API}/progress/enrollment/7`, async ({ request }) => {
        const body = (await request.json()) as { assessmentName: string; score: number; maxScore: number };
        sent.push(body);
        // The newest first, as the server lists them.
        const record = { ...grind(), ...body, id: 10 + sent.length, feedbackNotes: null };
        records.unshift(record);
        return answer({ message: 'ok', record }, 201)();
      }),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    showProgress();
    const form = (await screen.findByRole('heading', { name: 'Add a progress record' })).closest('form')!;
    await userEvent.type(within(form).getByLabelText('Assessment name'), 'Tamping');
    await userEvent.type(within(form).getByLabelText('Score'), '15');
    await userEvent.type(within(form).getByLabelText('Max Score'), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    // Below the form, off a phone's screen: the new record is brought into view and has the keyboard.
    expect(await screen.findByText('Progress record added.')).toBeTruthy();
    const added = (await screen.findByRole('cell', { name: 'Tamping' })).closest('tr')!;
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(scrolled.mock.contexts).toContain(added);
    expect((within(form).getByLabelText('Max Score') as HTMLInputElement).value).toBe('20');
    expect((within(form).getByLabelText('Assessment name') as HTMLInputElement).value).toBe('');
    await userEvent.type(within(form).getByLabelText('Assessment name'), 'Milk texture');
    await userEvent.type(within(form).getByLabelText('Score'), '18');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ assessmentName: 'Milk texture', score: 18, maxScore: 20 });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('cell', { name: 'Milk texture' }).closest('tr')),
    );
    // Edit fills the form above the table, scrolls to it and puts the focus in it.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Grind' }));
    expect(scrolled.mock.contexts).toContain(form);
    expect(document.activeElement).toBe(within(form).getByLabelText('Assessment name'));
    expect((within(form).getByLabelText('Assessment name') as HTMLInputElement).value).toBe('Grind');
    expect(screen.queryByText('Progress record added.')).toBeNull();
  });

  it('refuses a record beside the field to fix: the field has the keyboard, its message, and keeps what was typed', async () => {
    signInAs({ role: 'trainer' });
    let posted = 0;
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      http.get(`${API}/progress/enrollment/7`, answer([])),
      http.post(`${API}/progress/enrollment/7`, () => {
        posted += 1;
        return answer({ message: 'ok' }, 201)();
      }),
    );
    Element.prototype.scrollIntoView = vi.fn();
    showProgress();
    const form = (await screen.findByRole('heading', { name: 'Add a progress record' })).closest('form')!;
    await userEvent.type(within(form).getByLabelText('Assessment name'), 'Espresso shot');
    await userEvent.type(within(form).getByLabelText('Score'), '12');
    await userEvent.type(within(form).getByLabelText('Max Score'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    const score = within(form).getByLabelText('Score') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(score));
    expect(score.getAttribute('aria-invalid')).toBe('true');
    expect(
      score
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('Score cannot be greater than Max Score.');
    // The summary for screen readers says it once; the typed values stay.
    expect(screen.getByRole('alert').textContent).toBe('Score cannot be greater than Max Score.');
    expect(score.value).toBe('12');
    expect((within(form).getByLabelText('Assessment name') as HTMLInputElement).value).toBe('Espresso shot');
    expect(posted).toBe(0);
  });

  it("says the name's length and the score's problem at once, each beside its field, the keyboard on the name", async () => {
    signInAs({ role: 'trainer' });
    server.use(http.get(`${API}/enrollments/7`, answer(base)), http.get(`${API}/progress/enrollment/7`, answer([])));
    Element.prototype.scrollIntoView = vi.fn();
    showProgress();
    const form = (await screen.findByRole('heading', { name: 'Add a progress record' })).closest('form')!;
    const name = within(form).getByLabelText('Assessment name') as HTMLInputElement;
    // (Pasted: a long name comes in one go.)
    await userEvent.click(name);
    await userEvent.paste('Espresso '.repeat(25));
    await userEvent.type(within(form).getByLabelText('Score'), '12');
    await userEvent.type(within(form).getByLabelText('Max Score'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    const described = (label: string) =>
      (within(form).getByLabelText(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(described('Assessment name')).toContain('Must be at most 200 characters.');
    expect(described('Score')).toContain('Score cannot be greater than Max Score.');
    expect(screen.getByRole('alert').textContent).toContain('Please fix these 2 problems:');
  });
});

describe('the assigned students list', () => {
  /** Where the address is (its search part). */
  const Where = () => <span data-testid="where">{useLocation().search}</span>;

  it('drops what the address asks that the list does not offer, as if it were absent, and cleans the address', async () => {
    signInAs({ role: 'trainer' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/enrollments/my-assigned-trainings`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return Response.json([base], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    renderAt('/trainer/assigned-students?status=nonsense&page=abc&q=aline', [
      {
        path: '/trainer/assigned-students',
        element: (
          <>
            <AssignedStudentsPage />
            <Where />
          </>
        ),
      },
    ]);
    expect(await screen.findByRole('link', { name: /^Manage progress: Aline Uwase/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?q=aline'));
    expect(asked.every((query) => query.get('status') === null && query.get('q') === 'aline')).toBe(true);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });
});
