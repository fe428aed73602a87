import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobDetailPage } from '../src/features/jobs/job-detail-page';
import { JobsPage } from '../src/features/jobs/jobs-page';
import { answer, API, http, job, renderAt, server, useApi } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  useApi();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

const page = () => renderAt('/jobs', [{ path: '/jobs', element: <JobsPage /> }]);
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the job list', () => {
  const board = [
    job({ title: 'Barista', companyName: 'Question Coffee', location: 'Kigali', jobType: 'Full-time', descriptionSnippet: 'Morning shifts' }),
    job({ title: 'Head Barista', companyName: '', location: 'Huye', jobType: 'Part-time', descriptionSnippet: 'Lead a team' }),
  ];

  it("is titled 'Find Your Barista Career' and shows cards with their fallbacks and a relative posted time", async () => {
    server.use(http.get(`${API}/jobs`, answer(board)));
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Your Barista Career' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Head Barista' })).closest('article')!;
    expect(within(card).getByText('A Reputable Company')).toBeTruthy();
    expect(within(card).getByText('Posted 3 days ago')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(`/jobs/${board[1]!.id}`);
  });

  it('searches title, company and snippet, and filters by location and type', async () => {
    server.use(http.get(`${API}/jobs`, answer(board)));
    page();
    await screen.findByRole('heading', { name: 'Barista' });
    await userEvent.type(screen.getByLabelText('Search jobs'), 'question');
    expect(titles()).toEqual(['Barista']);
    await userEvent.clear(screen.getByLabelText('Search jobs'));
    await userEvent.type(screen.getByLabelText('Search jobs'), 'lead a');
    expect(titles()).toEqual(['Head Barista']);
    await userEvent.clear(screen.getByLabelText('Search jobs'));
    expect(within(screen.getByLabelText('Location')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Huye', 'Kigali']);
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'Part-time' } });
    expect(titles()).toEqual(['Head Barista']);
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Kigali' } });
    expect(screen.getByText('No job openings found matching your criteria.')).toBeTruthy();
  });

  it("prefixes a load error with 'Could not load jobs:'", async () => {
    server.use(http.get(`${API}/jobs`, () => new Response(null, { status: 503 })));
    page();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load jobs: Failed to fetch jobs. Status: 503');
  });
});

describe('the public job detail', () => {
  it('renders employer HTML with line breaks, sanitised: no script, no event handlers, no javascript: links', async () => {
    const hostile = job({
      title: 'Barista',
      description: '<p>Hello<img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script></p><a href="javascript:alert(1)">x</a><a href="https://cafe.rw">site</a>',
      requirements: 'Line one\nLine two',
    });
    server.use(http.get(`${API}/jobs/${hostile.id}`, answer(hostile)));
    const { container } = renderAt(`/jobs/${hostile.id}`, [{ path: '/jobs/:jobId', element: <JobDetailPage /> }]);
    await screen.findByRole('heading', { level: 1, name: 'Barista' });
    expect(container.querySelector('script:not([type="application/ld+json"]), img[onerror], [onerror]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/javascript:/);
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('href')).toBe('https://cafe.rw');
    expect(container.innerHTML).toContain('Line one<br>Line two');
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(`/jobs/${hostile.id}/apply`);
  });

  it("shows 'Job not found or no longer available.' for a closed job", async () => {
    server.use(http.get(`${API}/jobs/999`, () => new Response(null, { status: 404 })));
    renderAt('/jobs/999', [{ path: '/jobs/:jobId', element: <JobDetailPage /> }]);
    expect(await screen.findByText('Job not found or no longer available.')).toBeTruthy();
  });
});
