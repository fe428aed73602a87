import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '@btls/shared-api/fixtures';
import type { CertifiedTrainee } from '@btls/shared-api/schemas';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import EmployerRoutes from '../src/expose';
import { EmployerDashboardPage } from '../src/features/dashboard-page';
import { EditJobPage, jobPayload, PostJobPage } from '../src/features/job-form';
import { CompanyProfilePage } from '../src/features/profile-page';
import { FindTalentPage } from '../src/features/find-talent-page';
import { talentSummary } from '../src/features/talent';

mockApiForFile();

/** What a control is described by, as a screen reader reads it after its name. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const trainee = (n: number, courses: string[]): CertifiedTrainee => ({
  userId: n,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `t${n}@example.rw`,
  certifiedCourses: courses,
  certificateCodes: courses.map((_, i) => `BTLS-${n}-${i}`),
});

describe('talent rules', () => {
  it("keeps 3 trainees, 2 courses each with '+N more', and offers 'View All N' beyond 3", () => {
    const list = [trainee(1, ['A', 'B', 'C', 'D']), trainee(2, ['A']), trainee(3, []), trainee(4, ['E'])];
    const summary = talentSummary(list);
    expect(summary.recent).toHaveLength(3);
    expect(summary.recent[0]).toMatchObject({ courses: ['A', 'B'], more: 2 });
    expect(summary.recent[1]).toMatchObject({ courses: ['A'], more: 0 });
    expect(summary).toMatchObject({ total: 4, showViewAll: true });
    expect(talentSummary(list.slice(0, 3)).showViewAll).toBe(false);
  });

  it('counts all the talent from the total, though only the first few were loaded', () => {
    expect(talentSummary([trainee(1, ['A'])], 42)).toMatchObject({ total: 42, showViewAll: true });
  });
});

describe('job form rules (docs/product.md §5)', () => {
  const ok = {
    title: 'Barista',
    companyName: 'Cafe',
    description: 'D',
    requirements: '',
    location: 'Kigali',
    jobType: 'Full-time',
    salaryMin: '',
    salaryMax: '',
    salaryCurrency: 'RWF',
    salaryPeriod: 'month',
    salaryRange: '',
    closingDate: '',
    isActive: true,
  };
  const required = 'Please fill in all required fields: Company Name, Job Title, Description, and Location.';
  it('requires company name, title, description and location, and refuses a past closing date, naming the field', async () => {
    for (const field of ['title', 'companyName', 'description', 'location']) {
      expect(await jobPayload({ ...ok, [field]: ' ' })).toMatchObject({ problem: required, field });
    }
    expect(await jobPayload({ ...ok, closingDate: '2020-01-01' })).toMatchObject({
      problem: 'Closing date cannot be in the past.',
      field: 'closingDate',
    });
  });
  it('sends an empty closing date, requirements and salary as null', async () => {
    expect(await jobPayload(ok)).toEqual({
      payload: expect.objectContaining({
        closingDate: null,
        salaryMin: null,
        salaryMax: null,
        salaryRange: null,
        requirements: null,
        jobType: 'Full-time',
        isActive: true,
      }),
    });
  });
  it('reads the salary amounts as typed, grouped or not, and refuses what is not a salary beside its field', async () => {
    expect(await jobPayload({ ...ok, salaryMin: '250,000', salaryMax: '320 000', salaryCurrency: 'USD' })).toEqual({
      payload: expect.objectContaining({
        salaryMin: 250000,
        salaryMax: 320000,
        salaryCurrency: 'USD',
        salaryPeriod: 'month',
      }),
    });
    expect(await jobPayload({ ...ok, salaryMin: '250k' })).toMatchObject({
      problem: 'Write each salary amount as a whole number from 0 to 1,000,000,000, such as 250000.',
      field: 'salaryMin',
    });
    expect(await jobPayload({ ...ok, salaryMin: '300000', salaryMax: '250000' })).toMatchObject({
      problem: 'The salary "up to" amount cannot be less than the "from" amount.',
      field: 'salaryMax',
    });
    expect(await jobPayload({ ...ok, salaryMax: '250000' })).toMatchObject({
      problem: 'Fill in the salary "from" amount too, or leave both amounts empty.',
      field: 'salaryMin',
    });
    expect(await jobPayload({ ...ok, salaryMin: '250000', salaryPeriod: '' })).toMatchObject({
      problem: 'Choose how often the salary is paid: per hour, day, week, month or year.',
      field: 'salaryPeriod',
    });
  });
});

describe('the job form on a refusal', () => {
  it('brings the keyboard to the first empty required field, described by its message', async () => {
    signInAs({ role: 'employer', companyName: 'Café Neo' });
    let posted = false;
    server.use(
      http.post(`${API}/jobs`, () => {
        posted = true;
        return new Response(null, { status: 500 });
      }),
    );
    renderAt('/employer/post-job', [{ path: '/employer/post-job', element: <PostJobPage /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    const title = screen.getByRole('textbox', { name: /^Job Title\s*\*?$/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    // Every blank required field at once, each described by its message, the keyboard on the first.
    const description = screen.getByRole('textbox', { name: /^Description\s*\*?$/ });
    const location = screen.getByRole('textbox', { name: /^Location\s*\*?$/ });
    for (const field of [title, description, location]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)).toBe(
        'Please fill in all required fields: Company Name, Job Title, Description, and Location.',
      );
    }
    // Fixed, only the others stay in error.
    await userEvent.type(title, 'Barista');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(posted).toBe(false);
  });

  it('says the salary beside its field and shows how job seekers will read it', async () => {
    signInAs({ role: 'employer', companyName: 'Café Neo' });
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(`${API}/jobs`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return answer({ message: 'Job posted successfully!', job: aJob({ id: 78, title: 'Barista' }) }, 201)();
      }),
    );
    renderAt('/employer/post-job', [{ path: '/employer/post-job', element: <PostJobPage /> }]);
    await userEvent.type(screen.getByLabelText(/^Job Title\s*\*?$/), 'Barista');
    await userEvent.type(screen.getByLabelText(/^Description\s*\*?$/), 'Pull shots.');
    await userEvent.type(screen.getByLabelText(/^Location\s*\*?$/), 'Kigali');
    const salary = screen.getByRole('group', { name: 'Salary (optional)' });
    const from = within(salary).getByRole('textbox', { name: 'From' });
    const upTo = within(salary).getByRole('textbox', { name: 'Up to (optional)' });
    await userEvent.type(from, '320000');
    await userEvent.type(upTo, '250000');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(document.activeElement).toBe(upTo));
    expect(describedBy(upTo)).toBe('The salary "up to" amount cannot be less than the "from" amount.');
    await userEvent.clear(from);
    await userEvent.type(from, '250,000');
    await userEvent.clear(upTo);
    await userEvent.type(upTo, '320000');
    await userEvent.selectOptions(within(salary).getByRole('combobox', { name: 'Paid' }), 'week');
    expect(within(salary).getByText('Job seekers read: RWF 250,000–320,000 per week')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await screen.findByText('Job "Barista" posted successfully!');
    expect(sent).toMatchObject({ salaryMin: 250000, salaryMax: 320000, salaryCurrency: 'RWF', salaryPeriod: 'week' });
  });
});

describe('editing a job whose salary was written before it had amounts', () => {
  it('keeps the words as written until amounts are given, and can remove them', async () => {
    signInAs({ role: 'employer' });
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(
        `${API}/jobs/5`,
        answer(aJob({ id: 5, title: 'Shift barista', salary: null, salaryRange: 'RWF 8,000 per shift' })),
      ),
      http.put(`${API}/jobs/5`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return answer({ message: 'Job updated.', job: aJob({ id: 5 }) })();
      }),
    );
    renderAt('/employer/jobs/edit/5', [
      { path: '/employer/jobs/edit/:jobId', element: <EditJobPage /> },
      { path: '/employer/my-jobs', element: <p>My jobs</p> },
    ]);
    const salary = await screen.findByRole('group', { name: 'Salary (optional)' });
    expect(within(salary).getByText(/^Job seekers read “RWF 8,000 per shift”/)).toBeTruthy();
    await userEvent.click(within(salary).getByRole('button', { name: 'Remove this salary text' }));
    expect(within(salary).getByText('Leave the amounts empty to say nothing of the salary.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('My jobs');
    expect(sent).toEqual([expect.objectContaining({ salaryRange: null, salaryMin: null, salaryMax: null })]);
  });
});

describe('employer pages', () => {
  it("shows 'No Certified Talent Yet' and counts, and a failed talent fetch gives an empty list", async () => {
    signInAs({ role: 'employer', companyName: 'Kigali Beans' });
    server.use(
      // The counts are the totals of the paged list (X-Total-Count), by status.
      http.get(`${API}/jobs/my-postings`, ({ request }) => {
        const active = new URL(request.url).searchParams.get('status') === 'active';
        return Response.json([{ id: 1, isActive: true }], { headers: { 'X-Total-Count': active ? '1' : '2' } });
      }),
      http.get(`${API}/users/certified-trainees`, () => new Response(null, { status: 500 })),
      http.get(`${API}/job-applications/summary`, answer({ total: 5, new: 2 })),
    );
    renderAt('/employer/dashboard', [{ path: '/employer/dashboard', element: <EmployerDashboardPage /> }]);
    // The tiles show '–' until the counts come.
    await waitFor(() => expect(screen.getByText('Active job postings').textContent).toContain('1'));
    expect(screen.getByText('Total jobs posted').textContent).toContain('2');
    // The real count, the New ones highlighted.
    expect(await screen.findByText('2 new')).toBeTruthy();
    expect(screen.getByText(/Applications received/).textContent).toContain('5');
    expect(screen.getByRole('link', { name: 'Review by job' }).getAttribute('href')).toBe('/employer/my-jobs');
    expect(screen.getByRole('heading', { name: 'No Certified Talent Yet' })).toBeTruthy();
  });

  it('find talent: the server searches and pages; the search and page stay in the address', async () => {
    signInAs({ role: 'employer' });
    const asked: string[] = [];
    server.use(
      http.get(`${API}/users/certified-trainees`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const q = params.get('q');
        return Response.json(q ? [trainee(7, ['Latte Art'])] : [trainee(1, ['A']), trainee(2, ['B'])], {
          headers: { 'X-Total-Count': q ? '1' : '45' },
        });
      }),
    );
    renderAt('/employer/find-talent?page=2', [{ path: '/employer/find-talent', element: <FindTalentPage /> }]);
    expect(await screen.findByText('First1 Last1')).toBeTruthy();
    expect(asked[0]).toBe('limit=20&offset=20');
    expect(screen.getByText('Page 2 of 3 (45 in all)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search certified trainees'), { target: { value: 'latte' } });
    expect(await screen.findByText('First7 Last7', {})).toBeTruthy();
    expect(asked.at(-1)).toBe('limit=20&offset=0&q=latte');
  });

  it('offers Try Again when the job stats fail', async () => {
    signInAs({ role: 'employer' });
    server.use(
      http.get(`${API}/jobs/my-postings`, () => new Response(null, { status: 500 })),
      http.get(`${API}/users/certified-trainees`, answer([])),
      http.get(`${API}/job-applications/summary`, answer({ total: 0, new: 0 })),
    );
    renderAt('/employer/dashboard', [{ path: '/employer/dashboard', element: <EmployerDashboardPage /> }]);
    expect(await screen.findByText(/Failed to fetch job posting stats\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('after posting, takes the employer to what happened and the next steps, with the form empty for another', async () => {
    signInAs({ role: 'employer', companyName: 'Café Neo' });
    server.use(
      http.post(`${API}/jobs`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        return answer({ message: 'Job posted successfully!', job: aJob({ ...body, id: 77, isActive: true }) }, 201)();
      }),
    );
    renderAt('/employer/post-job', [{ path: '/employer/post-job', element: <PostJobPage /> }]);
    await userEvent.type(screen.getByLabelText(/^Job Title\s*\*?$/), 'Barista');
    await userEvent.type(screen.getByLabelText(/^Description\s*\*?$/), 'Pull shots.');
    await userEvent.type(screen.getByLabelText(/^Location\s*\*?$/), 'Kigali');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    const status = await screen.findByText('Job "Barista" posted successfully!');
    await waitFor(() => expect(status.closest('[tabindex="-1"]')).toBe(document.activeElement));
    expect(screen.getByRole('link', { name: 'See it on My Job Postings' }).getAttribute('href')).toBe(
      '/employer/my-jobs',
    );
    expect(screen.getByRole('link', { name: 'View its public page' }).getAttribute('href')).toBe('/jobs/77');
    expect((screen.getByLabelText(/^Job Title\s*\*?$/) as HTMLInputElement).value).toBe('');
  });

  it("shows 'Access Denied' with a login link on post-job and profile to anyone but employers", () => {
    signInAs({ role: 'trainee' });
    renderAt('/employer/post-job', [{ path: '*', element: <EmployerRoutes /> }]);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('profile: view, edit, cancel resets, save trims and updates the session user', async () => {
    signInAs({
      role: 'employer',
      firstName: 'Patrick',
      lastName: 'N',
      companyName: 'Old Name',
      companyWebsite: null,
      companyDescription: null,
    });
    let sent: Record<string, string> | undefined;
    server.use(
      http.put(`${API}/users/me/profile`, async ({ request }) => {
        sent = (await request.json()) as Record<string, string>;
        return answer({
          message: 'Profile updated successfully.',
          user: {
            id: 1,
            firstName: 'Patrick',
            lastName: 'N',
            email: 'p@x.rw',
            role: 'employer',
            companyName: sent.companyName,
          },
        })();
      }),
    );
    renderAt('/employer/profile', [{ path: '/employer/profile', element: <CompanyProfilePage /> }]);
    expect(screen.getByText('Old Name')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Company Name'), { target: { value: 'Changed' } });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Old Name')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('Old Name');
    fireEvent.change(screen.getByLabelText('Company Name'), { target: { value: '  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByRole('alert').textContent).toBe('Contact first name, last name, and company name are required.');
    // Beside the field it is about, which has the keyboard.
    const company = screen.getByLabelText(/^Company Name/);
    await waitFor(() => expect(document.activeElement).toBe(company));
    expect(describedBy(company)).toBe('Contact first name, last name, and company name are required.');
    fireEvent.change(screen.getByLabelText('Company Name'), { target: { value: '  New Beans  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeTruthy();
    expect(sent?.companyName).toBe('New Beans');
    expect(JSON.parse(localStorage.getItem('btlsUser')!).companyName).toBe('New Beans');
    expect(screen.getByText('New Beans')).toBeTruthy();
  });
});

describe('one message, not two, after a failed load', () => {
  it('Find Talent shows the error alone, without "No certified trainees are listed yet."', async () => {
    signInAs({ role: 'employer' });
    server.use(
      http.get(
        `${API}/users/certified-trainees`,
        answer({ message: 'Failed to fetch certified trainees. Status: 500' }, 500),
      ),
    );
    renderAt('/employer/find-talent', [{ path: '/employer/find-talent', element: <FindTalentPage /> }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch certified trainees. Status: 500');
    expect(screen.queryByText(/No certified trainees/)).toBeNull();
  });
});
