import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { useLocation } from '@btls/shared-auth';
import { CourseForm, NEW_COURSE } from '../src/features/courses/course-form';
import { EditCoursePage } from '../src/features/courses/course-pages';
import { CoursesPage } from '../src/features/courses/courses-page';
import { AssignTrainerPage } from '../src/features/enrollments/assign-trainer-page';
import { EnrollmentsPage } from '../src/features/enrollments/enrollments-page';
import { JobsPage } from '../src/features/jobs/jobs-page';
import { EnrollmentProgressPage } from '../src/features/enrollments/progress-page';
import { MessagesPage } from '../src/features/messages/messages-page';
import { OutboxPage } from '../src/features/outbox/outbox-page';
import AdminRoutes from '../src/expose';
import { EditUserPage } from '../src/features/users/user-forms';
import { UsersPage } from '../src/features/users/users-page';
import { aCertificate } from '@btls/shared-api/fixtures';
import { course, enrollment, user } from './fixtures';

mockApiForFile();

const me = user({ id: 1, role: 'admin', firstName: 'Grace', lastName: 'Mukamana' });

/** Where the address is (its search part). */
const Where = () => <span data-testid="where">{useLocation().search}</span>;

describe('courses', () => {
  it("says 'No courses found. Add some!' for an empty catalogue", async () => {
    signInAs(me);
    server.use(http.get(`${API}/courses`, answer([])));
    renderAt('/admin/courses', [{ path: '/admin/courses', element: <CoursesPage /> }]);
    expect(await screen.findByText('No courses found. Add some!')).toBeTruthy();
  });

  it("deletes after a confirm, and shows the server's refusal when applications depend on the course", async () => {
    signInAs(me);
    const kept = course({ title: 'Kept' });
    const gone = course({ title: 'Gone' });
    let rows = [kept, gone];
    server.use(
      http.get(`${API}/courses`, () => Response.json(rows)),
      http.delete(`${API}/courses/${gone.id}`, () => {
        rows = [kept];
        return Response.json({ message: 'Course deleted successfully.' });
      }),
      http.delete(
        `${API}/courses/${kept.id}`,
        answer(
          { message: 'This course has applications or certificates and cannot be deleted. Deactivate it instead.' },
          409,
        ),
      ),
    );
    renderAt('/admin/courses', [{ path: '/admin/courses', element: <CoursesPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gone' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the course "Gone"?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Course deleted successfully.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Gone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kept' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kept' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Deactivate it instead/);
  });

  it('the add form starts with the docs/product.md §9 defaults and requires the four fields with the add text', async () => {
    const onSubmit = vi.fn();
    renderAt('/x', [{ path: '/x', element: <CourseForm mode="add" initial={NEW_COURSE} onSubmit={onSubmit} /> }]);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Brewing Techniques');
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('Beginner');
    expect((screen.getByRole('checkbox', { name: /Active/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    // Both blank fields at once, each named in the summary.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /Title: Required fields: Title, Description, Category, Level\..*Description: Required fields/,
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the edit form uses the edit text, checks the image URL, and previews a chosen image', async () => {
    const onSubmit = vi.fn();
    globalThis.URL.createObjectURL ??= () => 'blob:preview';
    globalThis.URL.revokeObjectURL ??= () => {};
    renderAt('/x', [
      {
        path: '/x',
        element: (
          <CourseForm
            mode="edit"
            initial={{ ...NEW_COURSE, title: 'T', description: 'D', imageUrl: 'nope' }}
            onSubmit={onSubmit}
          />
        ),
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Update Course' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Image URL must be a valid URL.'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Course' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /Title: Please fill in all required fields: Title, Description, Category, Level\./,
      ),
    );
    fireEvent.change(screen.getByLabelText('Replace the image'), {
      target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('Invalid file type. Please upload an image.');
    fireEvent.change(screen.getByLabelText('Replace the image'), {
      target: { files: [new File([new Uint8Array(8)], 'a.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toBeTruthy();
  });

  it("shows 'Invalid course ID specified.' and 'Course Not Found'", async () => {
    signInAs(me);
    server.use(http.get(`${API}/courses/404`, answer({ message: 'Course with ID 404 not found.' }, 404)));
    const routes = [
      { path: '/admin/courses/edit', element: <EditCoursePage /> },
      { path: '/admin/courses/edit/:courseId', element: <EditCoursePage /> },
    ];
    const { unmount } = renderAt('/admin/courses/edit/abc', routes);
    expect(screen.getByText('Invalid course ID specified.')).toBeTruthy();
    unmount();
    renderAt('/admin/courses/edit/404', routes);
    expect(await screen.findByRole('heading', { name: 'Course Not Found' })).toBeTruthy();
  });
});

describe('job moderation', () => {
  it('lists every posting a page at a time and lets the admin deactivate or delete one', async () => {
    signInAs(me);
    let job = {
      id: 5,
      employerId: 9,
      title: 'Barista',
      companyName: 'Café Neo',
      location: 'Kigali',
      jobType: 'Full-time',
      isActive: true,
      postedDate: '2026-01-01T00:00:00Z',
    };
    let toggled: unknown;
    server.use(
      http.get(`${API}/jobs/my-postings`, () => Response.json([job], { headers: { 'X-Total-Count': '41' } })),
      http.put(`${API}/jobs/5`, async ({ request }) => {
        toggled = await request.json();
        job = { ...job, isActive: false };
        return Response.json({ message: 'Job status updated to Inactive.', job });
      }),
    );
    renderAt('/admin/jobs?page=3', [{ path: '/admin/jobs', element: <JobsPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Barista' }));
    expect(toggled).toEqual({ isActive: false });
    expect(await screen.findByText('Job status updated to Inactive.')).toBeTruthy();
    // The list is asked again (the write refreshes what it changed) and shows the new state.
    expect(await screen.findByRole('button', { name: 'Activate Barista' })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3 (41 in all)')).toBeTruthy();
  });
});

describe('users', () => {
  it('applies the docs/product.md §6 restrictions in the list and asks the right confirm for each delete', async () => {
    signInAs(me);
    const trainer = user({ role: 'trainer', firstName: 'Jean', lastName: 'Paul' });
    const otherAdmin = user({ role: 'admin', firstName: 'Other', lastName: 'Admin', isActive: false });
    const employer = user({ role: 'employer', firstName: 'Patrick', lastName: 'Boss' });
    const asked: string[] = [];
    let deleted = '';
    let activated: unknown;
    server.use(
      // The server searches (q) and pages; this one filters by name.
      http.get(`${API}/users`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const q = (params.get('q') ?? '').toLowerCase();
        const rows = [me, trainer, otherAdmin, employer].filter((u) =>
          `${u.firstName} ${u.lastName}`.toLowerCase().includes(q),
        );
        return Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
      http.delete(`${API}/users/:id`, ({ request }) => {
        deleted = request.url;
        return Response.json({ message: 'User deleted successfully.' });
      }),
      http.put(`${API}/users/${otherAdmin.id}/status`, async ({ request }) => {
        activated = await request.json();
        return Response.json({ message: 'User activated successfully.', user: { ...otherAdmin, isActive: true } });
      }),
    );
    renderAt('/admin/users', [{ path: '/admin/users', element: <UsersPage /> }]);
    await screen.findByRole('button', { name: 'Delete Jean Paul' });
    // Deleting an employer says that their jobs go too, and confirms it to the server.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Patrick Boss' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'Are you sure you want to delete this employer? Their job postings will be deleted too.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('User deleted successfully.')).toBeTruthy();
    expect(deleted).toMatch(new RegExp(`/users/${employer.id}\\?deleteJobs=true$`));
    expect((screen.getByRole('button', { name: 'Deactivate Grace Mukamana' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Delete Grace Mukamana' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Other Admin' })).toBeNull();
    // An inactive admin can be activated again.
    await userEvent.click(screen.getByRole('button', { name: 'Activate Other Admin' }));
    expect(await screen.findByText('Other Admin is now active.')).toBeTruthy();
    expect(activated).toEqual({ isActive: true });
    expect(screen.getByRole('button', { name: 'Deactivate Other Admin' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Jean Paul' }));
    expect(within(screen.getByRole('dialog')).getByText('Are you sure you want to delete this user?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await userEvent.type(screen.getByLabelText('Search users'), 'jean');
    await waitFor(() => expect(screen.queryByText('Grace Mukamana')).toBeNull());
    expect(asked.at(-1)).toBe('limit=20&offset=0&q=jean');
    // Typing sends one request once the text has settled, not one per key.
    expect(asked.filter((query) => query.includes('q='))).toEqual(['limit=20&offset=0&q=jean']);
  });

  it("offers Retry after 'Not authorized to fetch users. Please log in.'", async () => {
    signInAs(me);
    server.use(http.get(`${API}/users`, answer({ message: 'Not authorized. Please log in.' }, 401)));
    renderAt('/admin/users', [{ path: '/admin/users', element: <UsersPage /> }]);
    expect(await screen.findByText(/Not authorized to fetch users\. Please log in\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it.each(['trainer', 'trainee', 'employer'] as const)(
    "tells the %s role on /admin/users/new it is 'Unauthorized', with the way back (docs/product.md §2)",
    async (role) => {
      signInAs({ role });
      renderAt('/admin/users/new', [
        { path: '/*', element: <AdminRoutes /> },
        { path: '/dashboard', element: <p>Their dashboard</p> },
      ]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeTruthy();
      expect(screen.getByText('You do not have permission to access this page.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(screen.queryByRole('heading', { name: 'Add User' })).toBeNull();
    },
  );

  it.each(['trainer', 'trainee', 'employer'] as const)(
    'sends the %s role elsewhere in the admin area to its dashboard',
    async (role) => {
      signInAs({ role });
      renderAt('/admin/users', [
        { path: '/*', element: <AdminRoutes /> },
        { path: '/dashboard', element: <p>Their dashboard</p> },
      ]);
      expect(await screen.findByText('Their dashboard')).toBeTruthy();
    },
  );

  it('shows the add-user form to an admin on /admin/users/new', async () => {
    signInAs(me);
    renderAt('/admin/users/new', [
      { path: '/*', element: <AdminRoutes /> },
      { path: '/dashboard', element: <p>Their dashboard</p> },
    ]);
    expect(await screen.findByRole('heading', { name: 'Add User' })).toBeTruthy();
    expect(screen.queryByText('Their dashboard')).toBeNull();
  });

  it('frames every page in the Admin Panel; the phone header names it except on the dashboard (docs/product.md §2)', async () => {
    signInAs(me);
    server.use(http.get(`${API}/users`, answer([])));
    const { unmount } = renderAt('/admin/users', [{ path: '/*', element: <AdminRoutes /> }]);
    const sidebar = await screen.findByRole('complementary', { name: 'Admin Panel' });
    expect(within(sidebar).getByRole('link', { name: 'Add Course' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Manage Users' });
    // The sidebar's name and the phone header's.
    expect(screen.getAllByText('Admin Panel')).toHaveLength(2);
    unmount();
    renderAt('/admin/dashboard', [{ path: '/*', element: <AdminRoutes /> }]);
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.getAllByText('Admin Panel')).toHaveLength(1);
  });

  it("locks an admin's own role, refuses the change, and shows 'User Not Found'", async () => {
    signInAs(me);
    server.use(http.get(`${API}/users`, answer([me])));
    const routes = [{ path: '/admin/users/edit/:userId', element: <EditUserPage /> }];
    const { unmount } = renderAt(`/admin/users/edit/${me.id}`, routes);
    expect(((await screen.findByLabelText('Role')) as HTMLSelectElement).disabled).toBe(true);
    unmount();
    renderAt('/admin/users/edit/9999', routes);
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeTruthy();
  });
});

describe('enrollments', () => {
  it('filters by course and by "Awaiting certificate", sorts, and keeps it all in the address for the way back', async () => {
    signInAs(me);
    const done = enrollment({ status: 'Completed' });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/courses`, answer([course({ id: 4, title: 'Latte Art' }), course({ id: 5, title: 'Cupping' })])),
      http.get(`${API}/enrollments`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return answer([done])();
      }),
    );
    renderAt('/admin/enrollments', [
      {
        path: '/admin/enrollments',
        element: (
          <>
            <EnrollmentsPage />
            <Where />
          </>
        ),
      },
    ]);
    await screen.findByRole('option', { name: 'Cupping' });
    fireEvent.change(screen.getByLabelText('Course'), { target: { value: '5' } });
    await waitFor(() => expect(asked.at(-1)?.get('courseId')).toBe('5'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Awaiting certificate' } });
    await waitFor(() => expect(asked.at(-1)?.get('awaitingCertificate')).toBe('true'));
    expect(asked.at(-1)?.get('status')).toBeNull();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'course' } });
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('course'));
    expect(screen.getByTestId('where').textContent).toBe('?course=5&status=Awaiting+certificate&sort=course');
  });

  it('approves several ticked applications at once with one note', async () => {
    signInAs(me);
    const one = enrollment({ id: 31, status: 'Pending', traineeFirstName: 'Aline' });
    const two = enrollment({ id: 32, status: 'Pending', traineeFirstName: 'Eric' });
    const three = enrollment({ id: 33, status: 'Pending', traineeFirstName: 'Grace' });
    let sent: unknown;
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(`${API}/enrollments`, answer([one, two, three])),
      http.post(`${API}/enrollments/status`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: '2 applications updated to Approved.' })();
      }),
    );
    renderAt('/admin/enrollments', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    // The boxes come with Select: the rows stand first otherwise.
    await screen.findByText(/Aline/);
    expect(screen.queryByRole('checkbox', { name: /^Select Aline/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Select Aline/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Select Grace/ }));
    const bar = screen.getByRole('group', { name: 'Selected applications' });
    expect(within(bar).getByText('2 selected:')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    await userEvent.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Welcome to the March class!');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('2 applications updated to Approved.')).toBeTruthy();
    expect(sent).toEqual({ ids: [31, 33], status: 'Approved', adminNotes: 'Welcome to the March class!' });
    expect((screen.getByRole('checkbox', { name: /^Select Aline/ }) as HTMLInputElement).checked).toBe(false);
    // Select all ticks the page.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(bar).getByText('3 selected:')).toBeTruthy();
  });

  it('defaults to Pending, asks for notes in a dialog (cancel aborts), and sends the change', async () => {
    signInAs(me);
    const pending = enrollment({ status: 'Pending' });
    const asked: string[] = [];
    let sent: unknown;
    server.use(
      http.get(`${API}/enrollments`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return answer([pending])();
      }),
      http.put(`${API}/enrollments/${pending.id}/status`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'Application status updated to Approved.' })();
      }),
    );
    renderAt('/admin/enrollments', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    const approve = await screen.findByRole('button', { name: /^Approve: Aline Uwase/ });
    // The review queue: Pending, oldest first.
    expect(asked[0]).toBe('?limit=20&offset=0&status=Pending&sort=oldest');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Pending');
    await userEvent.click(approve);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: /^Approve: Aline Uwase/ }));
    await userEvent.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Welcome!');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Application status updated to Approved.')).toBeTruthy();
    expect(sent).toEqual({ status: 'Approved', adminNotes: 'Welcome!' });
  });

  it("assign trainer: 'Please select a trainer.', and 'Application not found or not in approved state.'", async () => {
    signInAs(me);
    const approved = enrollment({ status: 'Approved' });
    server.use(
      http.get(`${API}/enrollments/${approved.id}`, answer(approved)),
      http.get(`${API}/enrollments/777`, answer(enrollment({ status: 'Pending' }))),
      http.get(`${API}/users/trainers`, answer([{ id: 9, firstName: 'Jean', lastName: 'Paul', email: 'jp@x.rw' }])),
    );
    const routes = [{ path: '/admin/enrollments/:applicationId/assign-trainer', element: <AssignTrainerPage /> }];
    const { unmount } = renderAt(`/admin/enrollments/${approved.id}/assign-trainer`, routes);
    await screen.findByRole('option', { name: /Jean Paul/ });
    await userEvent.click(screen.getByRole('button', { name: 'Assign Trainer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please select a trainer.'));
    unmount();
    renderAt('/admin/enrollments/777/assign-trainer', routes);
    expect((await screen.findByRole('alert')).textContent).toBe('Application not found or not in approved state.');
  });

  it('progress review: issues a certificate from the top of the page after a confirm naming the trainee and course, then offers its credential', async () => {
    signInAs(me);
    const done = enrollment({ status: 'Completed' });
    let issued = false;
    server.use(
      http.get(`${API}/enrollments/${done.id}`, answer(done)),
      http.get(
        `${API}/progress/enrollment/${done.id}`,
        answer([
          {
            id: 1,
            enrollmentId: done.id,
            assessmentName: 'Final',
            score: null,
            maxScore: 10,
            feedbackNotes: 'ok',
            recordDate: '2026-03-01T00:00:00.000Z',
          },
        ]),
      ),
      http.get(`${API}/certificates/enrollment/${done.id}`, () =>
        issued
          ? answer({ id: 1, certificateCode: 'BTLS-NEW', issueDate: '2026-03-02T00:00:00.000Z' })()
          : answer({ message: 'none' }, 404)(),
      ),
      http.post(`${API}/certificates/issue`, () => {
        issued = true;
        return answer({ message: 'ok', certificate: {} }, 201)();
      }),
    );
    renderAt(`/admin/enrollments/${done.id}/progress`, [
      { path: '/admin/enrollments/:applicationId/progress', element: <EnrollmentProgressPage /> },
    ]);
    const row = (await screen.findByRole('cell', { name: 'Final' })).closest('tr')!;
    expect(within(row).getByText('—')).toBeTruthy();
    const issue = screen.getByRole('button', { name: 'Issue Certificate' });
    // Before the records and the enrollment's facts, which can be a long page on a phone.
    expect(issue.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(issue);
    const who = `${done.traineeFirstName} ${done.traineeLastName}`;
    expect(
      within(screen.getByRole('dialog')).getByText(
        `Issue a certificate to ${who} for ${done.courseTitle}? Anyone will be able to check it by its code.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByText(
        `Certificate issued to ${who} for ${done.courseTitle}. Its signed credential is in the Certificate section below.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('BTLS-NEW')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download the signed credential/ }).getAttribute('href')).toMatch(
      /\/certificates\/BTLS-NEW\/credential$/,
    );
  });

  it('progress review: revokes a certificate with a reason after a confirm, and shows the revocation', async () => {
    signInAs(me);
    const done = enrollment({ status: 'Completed' });
    const issued = aCertificate({ certificateCode: 'BTLS-REVOKE-ME', enrollmentApplicationId: done.id });
    let shown = issued;
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/enrollments/${done.id}`, answer(done)),
      http.get(`${API}/progress/enrollment/${done.id}`, answer([])),
      http.get(`${API}/certificates/enrollment/${done.id}`, () => Response.json(shown)),
      http.post(`${API}/certificates/BTLS-REVOKE-ME/revoke`, async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        sent.push(body);
        shown = { ...issued, revokedAt: '2026-05-02T09:00:00.000Z', revocationReason: body.reason };
        return answer({ message: 'Certificate revoked.', certificate: shown })();
      }),
    );
    renderAt(`/admin/enrollments/${done.id}/progress`, [
      { path: '/admin/enrollments/:applicationId/progress', element: <EnrollmentProgressPage /> },
    ]);
    const revoke = await screen.findByRole('button', { name: 'Revoke Certificate' });

    // A blank reason is refused before any call; Cancel on the confirm aborts.
    await userEvent.click(revoke);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reason is required to revoke a certificate.');
    await userEvent.click(revoke);
    await userEvent.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Assessment copied.');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(/Are you sure you want to revoke this certificate\?/),
    ).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await userEvent.click(revoke);
    await userEvent.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Assessment copied.');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Certificate revoked.')).toBeTruthy();
    expect(sent).toEqual([{ reason: 'Assessment copied.' }]);
    expect(await screen.findByText(/May 2, 2026: Assessment copied\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Certificate' })).toBeNull();
  });
});

describe('messages', () => {
  it("toggles 'View Message' / 'Hide Message', links to the sender, and says when there are none", async () => {
    signInAs(me);
    server.use(
      http.get(
        `${API}/contact`,
        answer([
          {
            id: 1,
            name: 'Olivier',
            email: 'o@x.rw',
            subject: 'Hello',
            message: 'Ten staff?',
            created_at: '2026-03-01T10:00:00.000Z',
          },
        ]),
      ),
    );
    const { unmount } = renderAt('/admin/messages', [{ path: '/admin/messages', element: <MessagesPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Message' }));
    expect(screen.getByText('Ten staff?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'o@x.rw' }).getAttribute('href')).toMatch(/^mailto:o@x\.rw/);
    await userEvent.click(screen.getByRole('button', { name: 'Hide Message' }));
    expect(screen.queryByText('Ten staff?')).toBeNull();
    unmount();
    server.use(http.get(`${API}/contact`, answer([])));
    renderAt('/admin/messages', [{ path: '/admin/messages', element: <MessagesPage /> }]);
    expect(await screen.findByText('You have no new messages.')).toBeTruthy();
  });
});

describe('one message, not two, after a failed load', () => {
  const lists = [
    ['/admin/enrollments', <EnrollmentsPage key="e" />, /^No applications/],
    ['/admin/users', <UsersPage key="u" />, /^No users/],
    ['/admin/courses', <CoursesPage key="c" />, /^No courses/],
    ['/admin/jobs', <JobsPage key="j" />, /^No job postings/],
    ['/admin/messages', <MessagesPage key="m" />, /no new messages|No messages/],
    ['/admin/outbox', <OutboxPage key="o" />, /^No e-mails/],
  ] as const;

  it.each(lists)('%s shows the error alone, without its empty-list text', async (path, element, empty) => {
    signInAs(me);
    server.use(http.get(`${API}/*`, answer({ message: 'Failed to fetch. Status: 500' }, 500)));
    renderAt(path, [{ path, element }]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Status: 500/);
    expect(screen.queryByText(empty)).toBeNull();
    expect(screen.queryByText(/^Loading/)).toBeNull();
  });
});

describe('approve and assign a trainer in one step', () => {
  const trainers = [
    { id: 9, firstName: 'Jean', lastName: 'Paul', email: 'jp@x.rw' },
    { id: 10, firstName: 'Diane', lastName: 'Ingabire', email: 'di@x.rw' },
  ];

  it('offers the trainer in the approve dialog (none preselected) and sends it with the approval; More shows the other actions', async () => {
    signInAs(me);
    const pending = enrollment({ status: 'Pending' });
    let sent: unknown;
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(`${API}/users/trainers`, answer(trainers)),
      http.get(`${API}/enrollments`, answer([pending])),
      http.put(`${API}/enrollments/${pending.id}/status`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'Application status updated to Approved. Trainer Diane Ingabire assigned.' })();
      }),
    );
    renderAt('/admin/enrollments', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    // One line: the next step and More; the other actions only after More.
    const more = await screen.findByRole('button', { name: /^More actions: Aline Uwase/ });
    expect(screen.queryByRole('button', { name: /^Reject: Aline Uwase/ })).toBeNull();
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /^Reject: Aline Uwase/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Edit notes: Aline Uwase/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Approve: Aline Uwase/ }));
    const dialog = screen.getByRole('dialog');
    const trainer = within(dialog).getByRole('combobox', { name: 'Trainer (optional)' }) as HTMLSelectElement;
    await within(dialog).findByRole('option', { name: /Diane Ingabire/ });
    expect(trainer.value).toBe('');
    expect(document.activeElement).toBe(trainer);
    await userEvent.selectOptions(trainer, '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Admin notes (optional)' }), 'Welcome!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByText('Application status updated to Approved. Trainer Diane Ingabire assigned.'),
    ).toBeTruthy();
    expect(sent).toEqual({ status: 'Approved', adminNotes: 'Welcome!', trainerId: 10 });
  });

  it('shows the trainers in a dialog opened before their list arrived (a slow link)', async () => {
    signInAs(me);
    const pending = enrollment({ status: 'Pending' });
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    let sent: unknown;
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(`${API}/users/trainers`, async () => {
        await arrived;
        return answer(trainers)();
      }),
      http.get(`${API}/enrollments`, answer([pending])),
      http.put(`${API}/enrollments/${pending.id}/status`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'Application status updated to Approved.' })();
      }),
    );
    renderAt('/admin/enrollments', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: /^Approve: Aline Uwase/ }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No trainer yet']);
    release();
    await within(dialog).findByRole('option', { name: /Diane Ingabire/ });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Trainer (optional)' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText('Application status updated to Approved.');
    expect(sent).toEqual({ status: 'Approved', adminNotes: '', trainerId: 10 });
  });

  it("preselects the application's current trainer, and approves several at once with one trainer", async () => {
    signInAs(me);
    const rejected = enrollment({ id: 41, status: 'Rejected', traineeFirstName: 'Eric', assignedTrainerId: 9 });
    const other = enrollment({ id: 42, status: 'Pending', traineeFirstName: 'Grace' });
    let bulk: unknown;
    let single: unknown;
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(`${API}/users/trainers`, answer(trainers)),
      http.get(`${API}/enrollments`, answer([rejected, other])),
      http.put(`${API}/enrollments/41/status`, async ({ request }) => {
        single = await request.json();
        return answer({ message: 'Application status updated to Approved.' })();
      }),
      http.post(`${API}/enrollments/status`, async ({ request }) => {
        bulk = await request.json();
        return answer({ message: '2 applications updated to Approved. Trainer Jean Paul assigned.' })();
      }),
    );
    renderAt('/admin/enrollments?status=All', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: /^Approve: Eric/ }));
    const trainer = within(screen.getByRole('dialog')).getByRole('combobox', {
      name: 'Trainer (optional)',
    }) as HTMLSelectElement;
    await waitFor(() => expect(trainer.value).toBe('9'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await screen.findByText('Application status updated to Approved.');
    // The trainer already assigned is not sent again.
    expect(single).toEqual({ status: 'Approved', adminNotes: '' });

    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    await userEvent.selectOptions(
      within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Trainer (optional)' }),
      '9',
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('2 applications updated to Approved. Trainer Jean Paul assigned.')).toBeTruthy();
    expect(bulk).toEqual({ ids: [41, 42], status: 'Approved', trainerId: 9 });
  });
});
