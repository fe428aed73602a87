/** Enroll Now signed out: the page that names the course leads with an account, and both ways come back. */
import { RequireRole, useLocation } from '@btls/shared-auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EnrollPage } from '../src/features/auth/enroll-page';
import { LoginPage } from '../src/features/auth/login-page';
import { RegisterPage } from '../src/features/auth/register-page';
import { answer, API, course, http, mockApiForFile, renderAt, server } from './render';

mockApiForFile();

const latte = course({ id: 3, title: 'Latte Art Basics' });

/** The course application as the trainee area shows it: behind the guard, saying which course it was asked for. */
function Application() {
  return <p>Application for course {new URLSearchParams(useLocation().search).get('courseId')}</p>;
}

const routes = [
  { path: '/courses/:id/enroll', element: <EnrollPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/apply-for-course',
    element: (
      <RequireRole roles={['trainee']}>
        <Application />
      </RequireRole>
    ),
  },
];

const user = { id: 9, firstName: 'Ange', lastName: 'Keza', email: 'ange@example.rw', role: 'trainee' };

describe('Enroll Now while signed out', () => {
  it('the application sends a visitor to the page naming the course, which leads with creating an account', async () => {
    server.use(http.get(`${API}/courses/3`, answer(latte)));
    renderAt('/apply-for-course?courseId=3', routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Apply for Latte Art Basics');
    expect(screen.getByText(/To apply for/).textContent).toBe(
      'To apply for Latte Art Basics, create an account or sign in.',
    );
    const links = screen.getAllByRole('link');
    // Creating an account comes first; signing in is beside it; both carry the way back in the address.
    expect(links[0]!.textContent).toBe('Create an account');
    expect(links[0]!.getAttribute('href')).toBe('/register?next=%2Fapply-for-course%3FcourseId%3D3');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?next=%2Fapply-for-course%3FcourseId%3D3',
    );
  });

  it("names a course whose title holds a replacement's signs ($&, $') as it is written, in the page and its share title", async () => {
    server.use(http.get(`${API}/courses/3`, answer(course({ id: 3, title: "Latte $& Art $'" }))));
    renderAt('/courses/3/enroll', routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("Apply for Latte $& Art $'");
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      "Apply for Latte $& Art $'",
    );
  });

  it('creating an account comes back to the application for that course', async () => {
    server.use(
      http.get(`${API}/courses/3`, answer(latte)),
      http.post(`${API}/auth/register`, answer({ token: 'new-token', user }, 201)),
    );
    renderAt('/courses/3/enroll', routes);
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('Then you come straight back to your course application.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('First Name'), 'Ange');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Keza');
    await userEvent.type(screen.getByLabelText('Email'), 'ange@example.rw');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'kawa-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Application for course 3')).toBeTruthy();
  });

  it('signing in instead comes back there too, even from an address opened anew (no history state)', async () => {
    server.use(http.post(`${API}/auth/login`, answer({ token: 'a-token', user })));
    renderAt('/login?next=%2Fapply-for-course%3FcourseId%3D3', routes);
    await userEvent.type(await screen.findByLabelText('Email'), 'ange@example.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Application for course 3')).toBeTruthy();
  });

  it('a next address of another site or a panel is not followed', async () => {
    server.use(http.post(`${API}/auth/login`, answer({ token: 'a-token', user })));
    renderAt('/login?next=%2F%2Fevil.example%2Fapply-for-course', routes);
    await userEvent.type(await screen.findByLabelText('Email'), 'ange@example.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The trainee's own panel (not a route of this test: "elsewhere"), never the other site.
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
