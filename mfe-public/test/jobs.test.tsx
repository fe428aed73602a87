import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JobDetailPage } from '../src/features/jobs/job-detail-page';
import { citiesOf, JobsPage } from '../src/features/jobs/jobs-page';
import { answer, API, http, job, pagedAnswer, renderAt, server, mockApiForFile } from './render';

mockApiForFile();

const page = (at = '/jobs') => renderAt(at, [{ path: '/jobs', element: <JobsPage /> }]);
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

type Row = ReturnType<typeof job>;
/** The API's search and filters, as the server applies them. */
const matches = (j: Row, query: URLSearchParams) => {
  const q = query.get('q')?.toLowerCase();
  return (
    (!q || [j.title, j.companyName, j.location, j.descriptionSnippet].some((t) => t?.toLowerCase().includes(q))) &&
    (!query.get('location') || j.location === query.get('location')) &&
    (!query.get('jobType') || j.jobType === query.get('jobType'))
  );
};
const serve = (rows: Row[], seen: URLSearchParams[] = []) =>
  server.use(
    http.get(`${API}/jobs/facets`, answer({ locations: ['Huye', 'Kigali'], jobTypes: ['Full-time', 'Part-time'] })),
    http.get(`${API}/jobs`, pagedAnswer(rows, matches, seen)),
  );

describe('the job list', () => {
  const board = [
    job({
      title: 'Barista',
      companyName: 'Question Coffee',
      location: 'Kigali',
      jobType: 'Full-time',
      descriptionSnippet: 'Morning shifts',
    }),
    job({
      title: 'Head Barista',
      companyName: '',
      location: 'Huye',
      jobType: 'Part-time',
      descriptionSnippet: 'Lead a team',
    }),
  ];

  it("is titled 'Find Your Barista Career' and shows cards with their fallbacks and a relative posted time", async () => {
    serve(board);
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Your Barista Career' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Head Barista' })).closest('article')!;
    expect(within(card).getByText('A Reputable Company')).toBeTruthy();
    expect(within(card).getByText('Posted 3 days ago')).toBeTruthy();
    // One link, the title's, stretched over the card: no second "View Details" to tab to.
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Head Barista', `/jobs/${board[1]!.id}`]]);
    expect(within(card).getByText('View Details').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 job openings');
  });

  it('has the server search title, company and snippet, and filter by location and type', async () => {
    const seen: URLSearchParams[] = [];
    serve(board, seen);
    page();
    await screen.findByRole('heading', { name: 'Barista' });
    await userEvent.type(screen.getByLabelText('Search jobs'), 'question');
    await waitFor(() => expect(titles()).toEqual(['Barista']));
    expect(seen.at(-1)?.get('q')).toBe('question');
    await userEvent.clear(screen.getByLabelText('Search jobs'));
    await userEvent.type(screen.getByLabelText('Search jobs'), 'lead a');
    await waitFor(() => expect(titles()).toEqual(['Head Barista']));
    await userEvent.clear(screen.getByLabelText('Search jobs'));
    expect(
      within(screen.getByLabelText('Location'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Huye', 'Kigali']);
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'Part-time' } });
    await waitFor(() => expect(titles()).toEqual(['Head Barista']));
    expect(seen.at(-1)?.get('jobType')).toBe('Part-time');
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Kigali' } });
    expect(await screen.findByText('No job openings found matching your criteria.')).toBeTruthy();
  });

  it('keeps both of two filters chosen in quick succession', async () => {
    const seen: URLSearchParams[] = [];
    serve(board, seen);
    page();
    await screen.findByRole('heading', { name: 'Barista' });
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'Part-time' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Kigali' } });
    expect(await screen.findByText('No job openings found matching your criteria.')).toBeTruthy();
    expect(seen.at(-1)?.get('jobType')).toBe('Part-time');
    expect(seen.at(-1)?.get('location')).toBe('Kigali');
    // The phone's "Filter" button says how many are chosen.
    expect(screen.getByText('Filter (2)', { selector: 'summary' })).toBeTruthy();
  });

  it('shows 10 openings a page with numbered page links', async () => {
    serve(Array.from({ length: 25 }, (_, i) => job({ title: `Opening ${i + 1}` })));
    page('/jobs?page=3');
    await screen.findByRole('heading', { name: 'Opening 21' });
    expect(titles()).toHaveLength(5);
    expect(screen.getByRole('status').textContent).toBe('Showing 21–25 of 25 job openings');
    const pages = screen.getByRole('navigation', { name: 'Pages of job openings' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/jobs?page=2', '/jobs', '/jobs?page=2']);
  });

  it("prefixes a load error with 'Could not load jobs:'", async () => {
    serve([]);
    server.use(http.get(`${API}/jobs`, () => new Response(null, { status: 503 })));
    page();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load jobs: Failed to fetch jobs. Status: 503',
    );
  });
});

describe('the location filter', () => {
  it("groups a city's areas under it, with the whole city first, and cities alone as they are", () => {
    expect(citiesOf(['Kigali, Nyarutarama', 'Huye', 'Kigali', 'Kigali, Kiyovu', 'Kigali, Kimihurura'])).toEqual([
      { city: 'Huye', areas: [] },
      {
        city: 'Kigali',
        areas: [
          { name: 'Kimihurura', value: 'Kigali, Kimihurura' },
          { name: 'Kiyovu', value: 'Kigali, Kiyovu' },
          { name: 'Nyarutarama', value: 'Kigali, Nyarutarama' },
        ],
      },
    ]);
  });
});

describe('the public job detail', () => {
  it('renders employer HTML with line breaks, sanitised: no script, no event handlers, no javascript: links', async () => {
    const hostile = job({
      title: 'Barista',
      description:
        '<p>Hello<img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script></p><a href="javascript:alert(1)">x</a><a href="https://cafe.rw">site</a>\nLine one\nLine two',
      requirements:
        '- Two years behind a bar\n\n• Latte art <img src=x onerror="window.__hacked=3">\nKinyarwanda and English',
    });
    server.use(http.get(`${API}/jobs/${hostile.id}`, answer(hostile)));
    const { container } = renderAt(`/jobs/${hostile.id}`, [{ path: '/jobs/:jobId', element: <JobDetailPage /> }]);
    await screen.findByRole('heading', { level: 1, name: 'Barista' });
    expect(container.querySelector('script:not([type="application/ld+json"]), img[onerror], [onerror]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/javascript:/);
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('href')).toBe('https://cafe.rw');
    expect(container.innerHTML).toContain('Line one<br>Line two');
    // Requirements are a list, one item per line, as sanitised as the rest.
    const requirements = screen.getByRole('list');
    expect(
      within(requirements)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Two years behind a bar', 'Latte art ', 'Kinyarwanda and English']);
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(`/jobs/${hostile.id}/apply`);
  });

  it("shows 'Job not found or no longer available.' for a closed job", async () => {
    server.use(http.get(`${API}/jobs/999`, () => new Response(null, { status: 404 })));
    renderAt('/jobs/999', [{ path: '/jobs/:jobId', element: <JobDetailPage /> }]);
    expect(await screen.findByText('Job not found or no longer available.')).toBeTruthy();
  });
});
