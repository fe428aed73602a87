/** Admins read any job's applications (read-only) and see the totals on their dashboard. */
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aJob, aJobApplicant } from '@btls/shared-api/fixtures';
import { answer, API, http, renderAt, server, signInAs, useTestApi } from '@btls/shared-auth/testing';
import { AdminDashboardPage } from '../src/features/dashboard/dashboard-page';
import { JobApplicationsPage } from '../src/features/jobs/job-applications-page';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  useTestApi();
  localStorage.clear();
  signInAs({ role: 'admin' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe("a job's applications, for admins", () => {
  it('lists the applicants with their certificates and history, and offers no way to change a status', async () => {
    const job = aJob({ id: 4, title: 'Latte Artist', companyName: 'Question Coffee' });
    server.use(
      http.get(`${API}/jobs/4`, answer(job)),
      http.get(`${API}/jobs/4/applications`, () =>
        Response.json([aJobApplicant({ jobId: 4, status: 'Interview' })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderAt('/admin/jobs/4/applications', [
      { path: '/admin/jobs/:jobId/applications', element: <JobApplicationsPage /> },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Applications: Latte Artist (Question Coffee)' }),
    ).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Aline Uwase' });
    expect(within(card).getByText('Interview')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Verify BTLS-AAAA-BBBB-CCCC-DDDD/ })
        .getAttribute('href'),
    ).toBe('/verify/BTLS-AAAA-BBBB-CCCC-DDDD');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText("Read-only: only the job's employer changes an application's status.")).toBeTruthy();
  });
});

describe('the admin dashboard', () => {
  it('shows the job applications total, with the New ones', async () => {
    server.use(
      http.get(`${API}/users`, () => Response.json([], { headers: { 'X-Total-Count': '12' } })),
      http.get(`${API}/courses`, () => Response.json([], { headers: { 'X-Total-Count': '7' } })),
      http.get(`${API}/enrollments`, () => Response.json([], { headers: { 'X-Total-Count': '3' } })),
      http.get(`${API}/job-applications/summary`, answer({ total: 9, new: 4 })),
    );
    renderAt('/admin/dashboard', [{ path: '/admin/dashboard', element: <AdminDashboardPage /> }]);
    const tile = (await screen.findByText('(4 new)')).closest('a')!;
    expect(tile.textContent).toContain('9 Job applications');
    expect(tile.getAttribute('href')).toBe('/admin/jobs');
  });
});
