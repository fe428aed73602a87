import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import type { Certificate, Enrollment, MyJobApplication } from '@btls/shared-api/schemas';
import { aMyJobApplication } from '@btls/shared-api/fixtures';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from '../src/features/dashboard/dashboard-page';
import { application, certificate, record } from './fixtures';

mockApiForFile();

const dashboard = () => renderAt('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }]);

function api({
  applications = [],
  certificates = [],
  progress = {},
  jobApplications = [],
}: {
  applications?: Enrollment[];
  certificates?: Certificate[];
  progress?: Record<number, unknown>;
  jobApplications?: MyJobApplication[];
} = {}) {
  server.use(
    http.get(`${API}/job-applications/mine`, answer(jobApplications)),
    http.get(`${API}/enrollments/my-applications`, answer(applications)),
    http.get(`${API}/certificates/user`, answer(certificates)),
    http.get(`${API}/progress/enrollment/:id`, ({ params }) => {
      const found = progress[Number(params.id)];
      return found === 'fail' ? new Response(null, { status: 500 }) : answer((found as object) ?? [])();
    }),
  );
}

describe('the trainee dashboard', () => {
  it('welcomes by first name and shows the journey banner and every empty state when there is nothing yet', async () => {
    signInAs({ firstName: 'Aline', role: 'trainee' });
    api();
    dashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Aline!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My profile and settings' }).getAttribute('href')).toBe('/profile');
    expect(await screen.findByRole('heading', { name: 'Start Your Barista Journey' })).toBeTruthy();
    expect(await screen.findByText('You have not applied for any courses yet.')).toBeTruthy();
    expect(await screen.findByText('You have not earned any certificates yet.')).toBeTruthy();
    expect(
      await screen.findByText("No recent progress to display. Engage with your 'Approved' or 'Completed' courses!"),
    ).toBeTruthy();
    // One way to apply for a course: the banner's button, not a second one above the empty list.
    expect(
      screen.getAllByRole('link', { name: /Apply for (a|New) Course/i }).map((link) => link.getAttribute('href')),
    ).toEqual(['/apply-for-course']);
  });

  it('hides the journey banner when an application is Approved or Pending, and applying is the section’s', async () => {
    signInAs({ role: 'trainee' });
    api({ applications: [application({ status: 'Pending', courseTitle: 'Espresso' })] });
    dashboard();
    await screen.findByRole('heading', { name: 'Espresso' });
    expect(screen.queryByRole('heading', { name: 'Start Your Barista Journey' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Apply for New Course' }).getAttribute('href')).toBe('/apply-for-course');
  });

  it('shows the shapes of its sections while they come, busy, the loading said once for screen readers', async () => {
    signInAs({ firstName: 'Aline', role: 'trainee' });
    let answerNow: () => void = () => {};
    const held = new Promise<void>((done) => (answerNow = done));
    api();
    server.use(http.get(`${API}/enrollments/my-applications`, async () => (await held, Response.json([]))));
    dashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Aline!' })).toBeTruthy();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard...');
    answerNow();
    expect(await screen.findByRole('heading', { name: 'My Course Applications' })).toBeTruthy();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText('Loading your dashboard...')).toBeNull();
  });

  it('shows each application with its badge, dates, notes, admin notes and the trainer (or contact pending)', async () => {
    signInAs({ role: 'trainee' });
    api({
      applications: [
        application({
          courseTitle: 'Espresso Fundamentals',
          status: 'Approved',
          preferredStartDate: '2026-04-20',
          applicantNotes: 'Mornings please',
          adminNotes: 'Welcome aboard',
          assignedTrainerId: 5,
          trainerFirstName: 'Jean-Paul',
          trainerLastName: 'Habimana',
          trainerEmail: 'jp@example.rw',
        }),
        application({ courseTitle: 'Latte Art', status: 'Approved' }),
        application({ courseTitle: 'Cupping', status: 'Rejected', adminNotes: 'Full this month' }),
      ],
    });
    dashboard();
    const applications = await screen.findByRole('region', { name: 'My Course Applications' });
    const espresso = (await within(applications).findByRole('heading', { name: 'Espresso Fundamentals' })).closest(
      'li',
    )!;
    expect(within(espresso).getByText('Approved')).toBeTruthy();
    expect(within(espresso).getByText(/Applied Mar 5, 2026/)).toBeTruthy();
    expect(within(espresso).getByText(/Preferred start Apr 20, 2026/)).toBeTruthy();
    expect(within(espresso).getByText('Your notes: Mornings please')).toBeTruthy();
    expect(within(espresso).getByText(/Jean-Paul Habimana/)).toBeTruthy();
    expect(within(espresso).getByRole('link', { name: 'jp@example.rw' })).toBeTruthy();
    const latte = within(applications).getByRole('heading', { name: 'Latte Art' }).closest('li')!;
    expect(within(latte).getByText(/Contact info pending/)).toBeTruthy();
    const cupping = within(applications).getByRole('heading', { name: 'Cupping' }).closest('li')!;
    expect(within(cupping).getByText('Full this month').closest('p')!.className).toMatch(/noteRejected/);
  });

  it('asks progress for at most the first 3 Approved/Completed applications, keeps 2 items each, and a failure gives empty progress', async () => {
    signInAs({ role: 'trainee' });
    const apps = [
      application({ status: 'Approved', courseTitle: 'A' }),
      application({ status: 'Pending', courseTitle: 'P' }),
      application({ status: 'Completed', courseTitle: 'B' }),
      application({ status: 'Approved', courseTitle: 'C' }),
      application({ status: 'Approved', courseTitle: 'D' }),
    ];
    const asked: number[] = [];
    server.events.on('request:start', ({ request }) => {
      const match = /progress\/enrollment\/(\d+)/.exec(request.url);
      if (match) asked.push(Number(match[1]));
    });
    api({
      applications: apps,
      progress: {
        [apps[0]!.id]: [
          record({ assessmentName: 'First' }),
          record({ assessmentName: 'Second' }),
          record({ assessmentName: 'Third' }),
        ],
        [apps[2]!.id]: 'fail',
        [apps[3]!.id]: [],
      },
    });
    dashboard();
    const progress = await screen.findByRole('region', { name: 'My Learning Progress' });
    await within(progress).findByText('First');
    expect(within(progress).getByText('Second')).toBeTruthy();
    expect(within(progress).queryByText('Third')).toBeNull();
    expect(within(progress).getAllByText('No specific progress items recorded yet for this course.')).toHaveLength(2);
    expect(within(progress).queryByRole('heading', { name: 'D' })).toBeNull();
    expect(asked.sort()).toEqual([apps[0]!.id, apps[2]!.id, apps[3]!.id].sort());
    server.events.removeAllListeners();
  });

  it('lists certificates with links to their pages', async () => {
    signInAs({ role: 'trainee' });
    const cert = certificate({ courseTitle: 'Latte Art Masterclass' });
    api({ certificates: [cert] });
    dashboard();
    const link = await screen.findByRole('link', { name: 'View certificate' });
    expect(link.getAttribute('href')).toBe(`/certificate/${cert.certificateCode}`);
    expect(screen.queryByText(/Revoked/)).toBeNull();
  });

  it('leads a graduate to the job board and their certificate, not to start a journey again; their certificates next', async () => {
    signInAs({ role: 'trainee' });
    const cert = certificate({ courseTitle: 'Latte Art Masterclass' });
    api({
      certificates: [cert],
      applications: [application({ status: 'Completed', courseTitle: 'Latte Art Masterclass' })],
    });
    dashboard();
    await screen.findByRole('link', { name: 'View certificate' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections.slice(0, 2)).toEqual(['Certified: find your barista job', 'My Certificates']);
    expect(sections).not.toContain('Start Your Barista Journey');
    expect(screen.getByRole('link', { name: 'Browse barista jobs' }).getAttribute('href')).toBe('/jobs');
    expect(screen.getByRole('link', { name: 'My certificate' }).getAttribute('href')).toBe(
      `/certificate/${cert.certificateCode}`,
    );
    // A next course is still one tap away, in the applications' section.
    expect(screen.getByRole('link', { name: 'Apply for New Course' })).toBeTruthy();
  });

  it('keeps the certificates after the applications while there are none', async () => {
    signInAs({ role: 'trainee' });
    api();
    dashboard();
    await screen.findByText('You have not earned any certificates yet.');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections.indexOf('My Certificates')).toBeGreaterThan(sections.indexOf('My Course Applications'));
  });

  it('marks a revoked certificate as revoked', async () => {
    signInAs({ role: 'trainee' });
    api({
      certificates: [certificate({ revokedAt: '2026-05-02T09:00:00.000Z', revocationReason: 'Issued by mistake.' })],
    });
    dashboard();
    expect(await screen.findByText('Revoked May 2, 2026')).toBeTruthy();
  });

  it("shows the docs/product.md §8 error texts: 'Could not load applications:' and 'Error:' for certificates", async () => {
    signInAs({ role: 'trainee' });
    server.use(
      http.get(`${API}/enrollments/my-applications`, () => new Response(null, { status: 500 })),
      http.get(`${API}/certificates/user`, () => new Response(null, { status: 500 })),
    );
    dashboard();
    expect(await screen.findByText('Could not load applications: Failed to fetch your applications.')).toBeTruthy();
    expect(await screen.findByText('Error: Failed to fetch your certificates.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Start Your Barista Journey' })).toBeNull();
  });

  it("reports a non-JSON answer for applications as 'Network error or non-JSON response fetching applications.'", async () => {
    signInAs({ role: 'trainee' });
    server.use(
      http.get(
        `${API}/enrollments/my-applications`,
        () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
      http.get(`${API}/certificates/user`, answer([])),
    );
    dashboard();
    expect(
      await screen.findByText('Could not load applications: Network error or non-JSON response fetching applications.'),
    ).toBeTruthy();
  });

  it.each([
    ['admin', '/admin/dashboard', 'Admin Panel'],
    ['trainer', '/trainer/dashboard', 'Trainer Panel'],
    ['employer', '/employer/dashboard', 'Employer Portal'],
  ])("shows 'Dashboard Access' to a %s with a link to their panel", (role, path, label) => {
    signInAs({ role: role as 'admin' });
    dashboard();
    expect(screen.getByRole('heading', { name: 'Dashboard Access' })).toBeTruthy();
    expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(path);
  });

  it("says 'Please log in to view your dashboard.' when signed out", () => {
    dashboard();
    expect(screen.getByText('Please log in to view your dashboard.')).toBeTruthy();
  });
});

describe('My Job Applications on the dashboard', () => {
  it('lists job, company, date and status with a link to the job; a removed job says so', async () => {
    signInAs({ role: 'trainee' });
    api({
      jobApplications: [
        aMyJobApplication({
          jobId: 12,
          jobTitle: 'Head Barista',
          companyName: 'Question Coffee',
          status: 'Interview',
          appliedAt: '2026-05-04T09:00:00.000Z',
          updatedAt: '2026-05-06T09:00:00.000Z',
        }),
        aMyJobApplication({ jobId: null, jobTitle: 'Gone Job', status: 'Shortlisted' }),
      ],
    });
    dashboard();
    const section = (await screen.findByRole('heading', { name: 'My Job Applications' })).closest('section')!;
    const item = (await within(section).findByRole('heading', { name: 'Head Barista' })).closest('li')!;
    expect(within(item).getByText('Interview')).toBeTruthy();
    expect(within(item).getByText(/Question Coffee · Applied May 4, 2026/)).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'View job: Head Barista' }).getAttribute('href')).toBe('/jobs/12');
    expect(within(item).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    const gone = within(section).getByRole('heading', { name: 'Gone Job' }).closest('li')!;
    expect(within(gone).getByText('Job removed by the employer')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    signInAs({ role: 'trainee' });
    api();
    dashboard();
    expect(await screen.findByText('You have not applied for any jobs yet.')).toBeTruthy();
  });

  it('withdraws a New application after a confirm, then shows it Withdrawn', async () => {
    signInAs({ role: 'trainee' });
    const application = aMyJobApplication({ id: 55, jobId: 12, jobTitle: 'Head Barista', status: 'New' });
    let withdrawn = false;
    api({ jobApplications: [application] });
    server.use(
      http.get(`${API}/job-applications/mine`, () =>
        Response.json([{ ...application, status: withdrawn ? 'Withdrawn' : 'New' }]),
      ),
      http.delete(`${API}/job-applications/55`, () => {
        withdrawn = true;
        return Response.json({
          message: 'Your application has been withdrawn.',
          application: { ...application, status: 'Withdrawn' },
        });
      }),
    );
    dashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application for Head Barista' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    const section = screen.getByRole('heading', { name: 'My Job Applications' }).closest('section')!;
    expect(await within(section).findByText('Withdrawn')).toBeTruthy();
    expect(withdrawn).toBe(true);
    expect(within(section).queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });
});
