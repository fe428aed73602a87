import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '@btls/shared-api/schemas';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
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

describe('the progress record rules (docs/product.md §5)', () => {
  const ok = { assessmentName: 'Milk', score: '8.5', maxScore: '10', feedbackNotes: ' Silky ' };
  it.each([
    [{ ...ok, assessmentName: ' ' }, 'Assessment name is required.'],
    [{ ...ok, score: 'abc' }, 'Score must be a valid number.'],
    [{ ...ok, maxScore: 'x' }, 'Max Score must be a valid number.'],
    [{ ...ok, maxScore: '-1', score: '' }, 'Max Score cannot be negative.'],
    // The rule the hand-written check had lost: the server refuses a negative score, so the form does too.
    [{ ...ok, score: '-1' }, 'Score cannot be negative.'],
    [{ ...ok, score: '-1', maxScore: '' }, 'Score cannot be negative.'],
    [{ ...ok, score: '10.01' }, 'Score cannot be greater than Max Score.'],
  ])('refuses %#', (fields, problem) => {
    expect(recordPayload(fields)).toEqual({ problem });
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

  it('deletes a record after a confirm: when the notice shows, the row is gone (the records were asked again)', async () => {
    signInAs({ role: 'trainer' });
    let records = [
      {
        id: 1,
        enrollmentId: 7,
        assessmentName: 'Grind',
        score: 8,
        maxScore: 10,
        feedbackNotes: null,
        recordDate: '2026-03-06T09:30:00.000Z',
      },
    ];
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      // The list asked again after the delete comes slowly: the notice must wait for it.
      http.get(`${API}/progress/enrollment/7`, async () => {
        if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 300));
        return Response.json(records);
      }),
      http.delete(`${API}/progress/1`, () => {
        records = [];
        return Response.json({ message: 'Progress record deleted successfully.' });
      }),
    );
    renderAt('/trainer/student-progress/7', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grind' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await screen.findByText('Progress record deleted.');
    expect(screen.queryByRole('cell', { name: 'Grind' })).toBeNull();
    expect(screen.getByText('No progress recorded yet.')).toBeTruthy();
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

  it('records assessments in a row quickly: the message beside the form, the name field ready, Max score remembered; Edit brings the form', async () => {
    signInAs({ role: 'trainer' });
    const sent: unknown[] = [];
    const records = [
      {
        id: 1,
        enrollmentId: 7,
        assessmentName: 'Grind',
        score: 8,
        maxScore: 10,
        feedbackNotes: null,
        recordDate: '2026-03-06T09:30:00.000Z',
      },
    ];
    server.use(
      http.get(`${API}/enrollments/7`, answer(base)),
      http.get(`${API}/progress/enrollment/7`, () => answer(records)()),
      http.post(`${API}/progress/enrollment/7`, async ({ request }) => {
        sent.push(await request.json());
        return answer({ message: 'ok', record: {} }, 201)();
      }),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderAt('/trainer/student-progress/7', [
      { path: '/trainer/student-progress/:applicationId', element: <StudentProgressPage /> },
    ]);
    const form = (await screen.findByRole('heading', { name: 'Add a progress record' })).closest('form')!;
    await userEvent.type(within(form).getByLabelText('Assessment name'), 'Tamping');
    await userEvent.type(within(form).getByLabelText('Score'), '15');
    await userEvent.type(within(form).getByLabelText('Max Score'), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    // The confirmation is where the trainer is looking, and the next assessment can be typed at once.
    expect(await within(form).findByText('Progress record added.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Assessment name'));
    expect((within(form).getByLabelText('Max Score') as HTMLInputElement).value).toBe('20');
    await userEvent.keyboard('Milk texture');
    await userEvent.type(within(form).getByLabelText('Score'), '18');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Record' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ assessmentName: 'Milk texture', score: 18, maxScore: 20 });
    // Edit fills the form below the table, scrolls to it and puts the focus in it.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Grind' }));
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement).toBe(within(form).getByLabelText('Assessment name'));
    expect((within(form).getByLabelText('Assessment name') as HTMLInputElement).value).toBe('Grind');
    expect(within(form).queryByText('Progress record added.')).toBeNull();
  });
});
