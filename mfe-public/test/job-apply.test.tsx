/** Job applications on the public job page: Apply Now for visitors and trainees, "Applied on …" once applied, and why other roles cannot. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aMyJobApplication } from '@btls/shared-api/fixtures';
import { AuthProvider, Route, Routes } from '@btls/shared-auth';
import { signInAs, testQueryClient, mockApiForFile } from '@btls/shared-auth/testing';
import { LoginPage } from '../src/features/auth/login-page';
import { RegisterPage } from '../src/features/auth/register-page';
import { JobDetailPage } from '../src/features/jobs/job-detail-page';
import { answer, API, http, job, renderAt, server } from './render';

mockApiForFile();

const barista = job({ title: 'Barista' });
const open = () => {
  server.use(http.get(`${API}/jobs/${barista.id}`, answer(barista)));
  return renderAt(`/jobs/${barista.id}`, [{ path: '/jobs/:jobId', element: <JobDetailPage /> }]);
};

describe('Apply Now on the job page', () => {
  it('a visitor gets Apply Now, leading to the form (which asks them to sign in or register on the way)', async () => {
    open();
    const apply = await screen.findByRole('link', { name: 'Apply Now' });
    expect(apply.getAttribute('href')).toBe(`/jobs/${barista.id}/apply`);
    expect(screen.getByText('Apply in a minute: your verified certificates are your CV.')).toBeTruthy();
  });

  it('a trainee who has not applied gets Apply Now; the page asks for their application of this job only', async () => {
    signInAs({ role: 'trainee' });
    let asked = '';
    server.use(
      http.get(`${API}/job-applications/mine`, ({ request }) => {
        asked = new URL(request.url).search;
        return Response.json([]);
      }),
    );
    open();
    expect(await screen.findByRole('link', { name: 'Apply Now' })).toBeTruthy();
    await vi.waitFor(() => expect(asked).toBe(`?jobId=${barista.id}&limit=1`));
  });

  it('applied already: "Applied on {date} — {status}" instead of the button', async () => {
    signInAs({ role: 'trainee' });
    server.use(
      http.get(
        `${API}/job-applications/mine`,
        answer([
          aMyJobApplication({ jobId: barista.id, status: 'Shortlisted', appliedAt: '2026-05-04T09:00:00.000Z' }),
        ]),
      ),
    );
    open();
    expect(await screen.findByText('Applied on May 4, 2026 — Shortlisted')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See my job applications' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each([
    ['employer', 'an employer'],
    ['trainer', 'a trainer'],
    ['admin', 'an admin'],
  ])('a signed-in %s sees why they cannot apply', async (role, article) => {
    signInAs({ role: role as 'employer' });
    open();
    const button = await screen.findByRole('button', { name: 'Apply Now' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(`Only trainees can apply for jobs: you are signed in as ${article}.`)).toBeTruthy();
  });
});

describe('signing in on the way to the form', () => {
  const toForm = { from: { pathname: `/jobs/${barista.id}/apply`, search: '' } };
  const at = (pathname: string) =>
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname, state: toForm }]}>
          <AuthProvider>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/jobs/:jobId/apply" element={<p>the application form</p>} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('a visitor who registers instead of signing in comes back to the form, not the dashboard', async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        Response.json(
          {
            message: 'ok',
            token: 'new-token',
            user: { id: 9, firstName: 'Claudine', lastName: 'Ingabire', email: 'c@example.rw', role: 'trainee' },
          },
          { status: 201 },
        ),
      ),
    );
    at('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    await userEvent.type(await screen.findByLabelText('First Name'), 'Claudine');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Ingabire');
    await userEvent.type(screen.getByLabelText('Email'), 'c@example.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'kawa-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('the application form')).toBeTruthy();
  });
});
