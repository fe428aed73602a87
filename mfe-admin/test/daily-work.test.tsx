/**
 * The admin's daily work made safe to do on a phone: a refused form brings the keyboard to the field to fix, a
 * list ignores what its address asks that it does not offer, and after a change the keyboard lands on what
 * changed (or on the message of what happened when its row is gone), never on the page's body.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@btls/shared-auth';
import { answer, API, http, pagedAnswer, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { CourseForm, NEW_COURSE } from '../src/features/courses/course-form';
import { CoursesPage } from '../src/features/courses/courses-page';
import { AssignTrainerPage } from '../src/features/enrollments/assign-trainer-page';
import { EnrollmentsPage } from '../src/features/enrollments/enrollments-page';
import { EditUserPage, NewUserPage } from '../src/features/users/user-forms';
import { UsersPage } from '../src/features/users/users-page';
import { course, enrollment, user } from './fixtures';

mockApiForFile();
beforeEach(() => {
  // jsdom lays nothing out: a refusal's scroll to its field is recorded, not done.
  Element.prototype.scrollIntoView = vi.fn();
});

const me = user({ id: 1, role: 'admin', firstName: 'Grace', lastName: 'Mukamana' });

/** Where the address is (its search part). */
const Where = () => <span data-testid="where">{useLocation().search}</span>;
const at = (path: string, element: React.ReactNode) => [
  {
    path,
    element: (
      <>
        {element}
        <Where />
      </>
    ),
  },
];

/** The texts a control is described by (its error first). */
const describedBy = (control: Element) =>
  (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('a refused form brings the keyboard to the field to fix', () => {
  it('a new user with a bad e-mail and a short password: both said at once, the keyboard on the e-mail', async () => {
    signInAs(me);
    renderAt('/admin/users/new', [{ path: '/admin/users/new', element: <NewUserPage /> }]);
    await userEvent.type(screen.getByLabelText('First Name'), 'Aline');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Uwase');
    await userEvent.type(screen.getByLabelText('Email'), 'aline.example.rw');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedBy(email)).toContain('Please enter a valid email address.');
    expect(describedBy(screen.getByLabelText('Password'))).toContain('Password must be at least 6 characters long.');
    expect(screen.getByRole('alert').textContent).toContain('Please fix these 2 problems:');
  });

  it('a new user with a bad e-mail: the e-mail field has the keyboard and its message, the rest stays typed', async () => {
    signInAs(me);
    let created = 0;
    server.use(
      http.post(`${API}/auth/register`, () => {
        created += 1;
        return answer({ message: 'ok' }, 201)();
      }),
    );
    renderAt('/admin/users/new', [{ path: '/admin/users/new', element: <NewUserPage /> }]);
    await userEvent.type(screen.getByLabelText('First Name'), 'Aline');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Uwase');
    await userEvent.type(screen.getByLabelText('Email'), 'aline.example.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toContain('Please enter a valid email address.');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    // Said once for screen readers, not shown twice.
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Aline');
    expect((email as HTMLInputElement).value).toBe('aline.example.rw');
    expect(created).toBe(0);
    // The roles read as words, not the server's codes.
    expect(screen.getByRole('option', { name: 'Trainee' })).toBeTruthy();
  });

  it("the server's refusal of a field goes beside that field too", async () => {
    signInAs(me);
    server.use(
      http.post(`${API}/auth/register`, () =>
        answer({ message: 'Field cannot contain only numbers.', params: { field: 'lastName' } }, 400)(),
      ),
    );
    renderAt('/admin/users/new', [{ path: '/admin/users/new', element: <NewUserPage /> }]);
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Aline' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Uwase' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aline@example.rw' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'kawa-2026' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    const lastName = screen.getByLabelText('Last Name');
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(describedBy(lastName)).toContain('Field cannot contain only numbers.');
  });

  it("a user's emptied first name: that field has the keyboard", async () => {
    signInAs(me);
    const trainer = user({ id: 5, role: 'trainer', firstName: 'Jean', lastName: 'Paul' });
    server.use(http.get(`${API}/users`, answer([trainer])));
    renderAt('/admin/users/edit/5', [{ path: '/admin/users/edit/:userId', element: <EditUserPage /> }]);
    const first = await screen.findByLabelText('First Name');
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Last Name') as HTMLInputElement).value).toBe('Paul');
  });

  it('a course without a title: the title field has the keyboard; an image of the wrong type, the image field', async () => {
    renderAt('/x', [{ path: '/x', element: <CourseForm mode="add" initial={NEW_COURSE} onSubmit={vi.fn()} /> }]);
    await userEvent.type(screen.getByLabelText('Description'), 'Milk, temperature and texture.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(describedBy(title)).toContain('Required fields: Title, Description, Category, Level.');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Milk, temperature and texture.');
    const image = screen.getByLabelText('Course image');
    fireEvent.change(image, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(document.activeElement).toBe(image));
    expect(describedBy(image)).toContain('Invalid file type. Please upload an image.');
  });

  it('assigning without a trainer: the choice has the keyboard', async () => {
    signInAs(me);
    const approved = enrollment({ status: 'Approved' });
    server.use(
      http.get(`${API}/enrollments/${approved.id}`, answer(approved)),
      http.get(`${API}/users/trainers`, answer([{ id: 9, firstName: 'Jean', lastName: 'Paul', email: 'jp@x.rw' }])),
    );
    renderAt(`/admin/enrollments/${approved.id}/assign-trainer`, [
      { path: '/admin/enrollments/:applicationId/assign-trainer', element: <AssignTrainerPage /> },
    ]);
    await screen.findByRole('option', { name: /Jean Paul/ });
    await userEvent.click(screen.getByRole('button', { name: 'Assign Trainer' }));
    const choice = screen.getByLabelText('Trainer');
    await waitFor(() => expect(document.activeElement).toBe(choice));
    expect(describedBy(choice)).toContain('Please select a trainer.');
  });
});

describe('a list ignores what its address asks that it does not offer', () => {
  it('/admin/enrollments?status=nonsense shows the queue, and the address is cleaned', async () => {
    signInAs(me);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(
        `${API}/enrollments`,
        pagedAnswer([enrollment({ status: 'Pending' })], () => true, asked),
      ),
    );
    renderAt(
      '/admin/enrollments?status=nonsense&sort=sideways&course=abc&page=-2&q=aline',
      at('/admin/enrollments', <EnrollmentsPage />),
    );
    expect(await screen.findByRole('button', { name: /^Approve: Aline Uwase/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?q=aline'));
    for (const query of asked) {
      expect(query.get('status')).toBe('Pending');
      expect(query.get('sort')).toBe('oldest');
      expect(query.get('courseId')).toBeNull();
      expect(query.get('offset')).toBe('0');
    }
  });

  it('users and courses keep the values they offer and drop the others', async () => {
    signInAs(me);
    const askedUsers: URLSearchParams[] = [];
    const askedCourses: URLSearchParams[] = [];
    server.use(
      http.get(
        `${API}/users`,
        pagedAnswer([me], () => true, askedUsers),
      ),
      http.get(
        `${API}/courses`,
        pagedAnswer([course({ title: 'Latte Art' })], () => true, askedCourses),
      ),
    );
    const { unmount } = renderAt('/admin/users?role=owner&status=inactive', at('/admin/users', <UsersPage />));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?status=inactive'));
    expect(askedUsers.every((query) => query.get('role') === null && query.get('status') === 'inactive')).toBe(true);
    unmount();
    renderAt('/admin/courses?level=Wizard&category=Latte+Art&status=maybe', at('/admin/courses', <CoursesPage />));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?category=Latte+Art'));
    expect(askedCourses.at(-1)?.get('category')).toBe('Latte Art');
    expect(askedCourses.every((query) => query.get('level') === null && query.get('status') === null)).toBe(true);
  });
});

describe('after a change, the keyboard lands on what changed', () => {
  it('an application approved in the list of all: its row has the keyboard (its Approve button is gone)', async () => {
    signInAs(me);
    let row = enrollment({ id: 51, status: 'Pending', traineeFirstName: 'Eric', traineeLastName: 'Nshimiyimana' });
    server.use(
      http.get(`${API}/courses`, answer([])),
      http.get(`${API}/users/trainers`, answer([])),
      http.get(`${API}/enrollments`, () => Response.json([row], { headers: { 'X-Total-Count': '1' } })),
      http.put(`${API}/enrollments/51/status`, () => {
        row = { ...row, status: 'Approved' };
        return answer({ message: 'Application status updated to Approved.' })();
      }),
    );
    renderAt('/admin/enrollments?status=All', [{ path: '/admin/enrollments', element: <EnrollmentsPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: /^Approve: Eric Nshimiyimana/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await screen.findByText('Application status updated to Approved.');
    const changed = (await screen.findByRole('link', { name: /^Assign Trainer: Eric Nshimiyimana/ })).closest('tr');
    await waitFor(() => expect(document.activeElement).toBe(changed));
  });

  it('a user deleted: the message of what happened has the keyboard', async () => {
    signInAs(me);
    let rows = [me, user({ id: 7, role: 'trainee', firstName: 'Eric', lastName: 'Mugisha' })];
    server.use(
      http.get(`${API}/users`, () => Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } })),
      http.delete(`${API}/users/7`, () => {
        rows = [me];
        return Response.json({ message: 'User deleted successfully.' });
      }),
    );
    renderAt('/admin/users', [{ path: '/admin/users', element: <UsersPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Eric Mugisha' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    const notice = await screen.findByText('User deleted successfully.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});

describe("a course's status and its button", () => {
  it('shows Active in its own column and Deactivate as its own button, which sends the whole course back inactive', async () => {
    signInAs(me);
    let latte = course({
      id: 12,
      title: 'Latte Masterclass',
      tags: ['milk'],
      category: 'Latte Art',
      level: 'Advanced',
    });
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(`${API}/courses`, () => Response.json([latte], { headers: { 'X-Total-Count': '1' } })),
      http.put(`${API}/courses/12`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        latte = { ...latte, isActive: false };
        return answer({ message: 'Course updated successfully.', course: latte })();
      }),
    );
    renderAt('/admin/courses', [{ path: '/admin/courses', element: <CoursesPage /> }]);
    const row = (await screen.findByRole('cell', { name: 'Latte Masterclass' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Active' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate Latte Masterclass' }));
    expect(
      await screen.findByText('"Latte Masterclass" is inactive: it no longer shows on the public site.'),
    ).toBeTruthy();
    expect(sent).toMatchObject({
      title: 'Latte Masterclass',
      category: 'Latte Art',
      level: 'Advanced',
      isActive: false,
    });
    expect(await screen.findByRole('button', { name: 'Activate Latte Masterclass' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'Inactive' })).toBeTruthy();
  });
});
