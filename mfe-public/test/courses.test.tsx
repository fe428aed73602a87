import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CourseDetailPage } from '../src/features/courses/course-detail-page';
import { CoursesPage } from '../src/features/courses/courses-page';
import { coursesPageQuery } from '@btls/shared-api';
import { useLocation } from '@btls/shared-auth';
import { mockApiForFile, testQueryClient } from '@btls/shared-auth/testing';
import { answer, API, course, http, pagedAnswer, renderAt, server } from './render';

mockApiForFile();

const catalogue = [
  course({
    title: 'Espresso Fundamentals',
    description: 'Pull shots.',
    tags: ['espresso'],
    category: 'Brewing Techniques',
    level: 'Beginner',
  }),
  course({
    title: 'Latte Art Masterclass',
    description: 'Hearts and tulips.',
    tags: ['milk'],
    category: 'Latte Art',
    level: 'Intermediate',
    trainingCenter: 'Huye Coffee Lab',
  }),
  course({
    title: 'Cupping',
    description: 'Taste like a Q grader.',
    tags: ['sensory'],
    category: 'Coffee Knowledge',
    level: 'Advanced',
  }),
];

/** The page, and where the address is (its search part). */
const Where = () => <span data-testid="where">{useLocation().search}</span>;
const page = (at = '/courses') =>
  renderAt(at, [
    {
      path: '/courses',
      element: (
        <>
          <CoursesPage />
          <Where />
        </>
      ),
    },
  ]);
const address = () => screen.getByTestId('where').textContent;
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
/** A query client that already holds a page of the catalogue, as after a visit to /courses. */
const withList = (list: ReturnType<typeof course>[]) => {
  const client = testQueryClient();
  client.setQueryData(coursesPageQuery({}, 1).queryKey, { items: list, total: list.length });
  return client;
};

type Row = ReturnType<typeof course>;
/** The API's search and filters, as the server applies them. */
const matches = (c: Row, query: URLSearchParams) => {
  const q = query.get('q')?.toLowerCase();
  return (
    (!q || [c.title, c.description, ...c.tags].some((t) => t?.toLowerCase().includes(q))) &&
    (!query.get('category') || c.category === query.get('category')) &&
    (!query.get('level') || c.level === query.get('level')) &&
    (!query.get('trainingCenter') || c.trainingCenter === query.get('trainingCenter'))
  );
};
const facets = {
  categories: ['Brewing Techniques', 'Coffee Knowledge', 'Latte Art'],
  levels: ['Advanced', 'Beginner', 'Intermediate'],
  trainingCenters: ['Huye Coffee Lab'],
};
const serve = (rows: Row[], seen: URLSearchParams[] = []) =>
  server.use(
    http.get(`${API}/courses/facets`, answer(facets)),
    http.get(`${API}/courses`, pagedAnswer(rows, matches, seen)),
  );

describe('the courses page', () => {
  it("shows 'Loading available courses...' and then the cards and how many there are", async () => {
    serve(catalogue);
    page();
    expect(screen.getByText('Loading available courses...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Espresso Fundamentals' })).toBeTruthy();
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('3 courses');
    expect(screen.queryByRole('navigation', { name: 'Pages of courses' })).toBeNull();
  });

  it("shows 'Failed to Load Courses' and the error", async () => {
    server.use(
      http.get(`${API}/courses/facets`, answer(facets)),
      http.get(`${API}/courses`, () => new Response(null, { status: 500 })),
    );
    page();
    expect(await screen.findByRole('heading', { name: 'Failed to Load Courses' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch courses. Status: 500');
  });

  it('asks the server to search title, description and tags once typing pauses, keeping the words in the address', async () => {
    const seen: URLSearchParams[] = [];
    serve(catalogue, seen);
    page();
    const search = await screen.findByLabelText('Search courses');
    await userEvent.type(search, 'tulips');
    await waitFor(() => expect(titles()).toEqual(['Latte Art Masterclass']));
    // One request for the words, not one per key.
    expect(seen.map((q) => q.get('q'))).toEqual([null, 'tulips']);
    expect(address()).toBe('?q=tulips');
    await userEvent.clear(search);
    await userEvent.type(search, 'SENSORY');
    await waitFor(() => expect(titles()).toEqual(['Cupping']));
  });

  it("offers 'All' plus every value the catalogue holds (from the server), filters there, and resets", async () => {
    const seen: URLSearchParams[] = [];
    serve(catalogue, seen);
    page();
    const category = await screen.findByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', ...facets.categories]);
    expect(
      within(screen.getByLabelText('Skill Level'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', ...facets.levels]);
    expect(
      within(screen.getByLabelText('Training Centre'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Huye Coffee Lab']);
    // Behind "Filter" on a phone, which counts the choices made (the search stands apart, always shown).
    expect(screen.getByText('Filter', { selector: 'summary' })).toBeTruthy();
    fireEvent.change(category, { target: { value: 'Latte Art' } });
    await waitFor(() => expect(titles()).toEqual(['Latte Art Masterclass']));
    expect(seen.at(-1)?.get('category')).toBe('Latte Art');
    fireEvent.change(screen.getByLabelText('Skill Level'), { target: { value: 'Advanced' } });
    expect(await screen.findByRole('heading', { name: 'No Courses Found' })).toBeTruthy();
    expect(screen.getByText('Filter (2)', { selector: 'summary' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters, or check back later!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('All');
  });

  it('pages the catalogue: 12 a page, numbered page links that keep the filters, focus on the new count', async () => {
    const many = Array.from({ length: 30 }, (_, i) => course({ title: `Course ${i + 1}`, category: 'Latte Art' }));
    const seen: URLSearchParams[] = [];
    serve(many, seen);
    page('/courses?category=Latte%20Art');
    await screen.findByRole('heading', { name: 'Course 1' });
    expect(titles()).toHaveLength(12);
    expect(screen.getByRole('status').textContent).toBe('Showing 1–12 of 30 courses');
    const pages = screen.getByRole('navigation', { name: 'Pages of courses' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['2', '3', 'Next']);
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/courses?category=Latte+Art&page=3',
    );
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await screen.findByRole('heading', { name: 'Course 13' });
    expect(screen.getByRole('status').textContent).toBe('Showing 13–24 of 30 courses');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(address()).toBe('?category=Latte+Art&page=2');
    expect(seen.at(-1)?.get('offset')).toBe('12');
    expect(seen.at(-1)?.get('limit')).toBe('12');
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of courses' }))
        .getByText('2')
        .closest('[aria-current="page"]'),
    ).toBeTruthy();
    // A new filter starts again at the first page.
    fireEvent.change(screen.getByLabelText('Skill Level'), { target: { value: 'Beginner' } });
    await waitFor(() => expect(address()).toBe('?category=Latte+Art&level=Beginner'));
  });

  it('says so, with a way back, when the address names a page past the end', async () => {
    serve(catalogue);
    page('/courses?page=9');
    expect(await screen.findByRole('heading', { name: 'There is no page 9' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/courses');
  });

  it('applies the card display rules of docs/product.md §9', async () => {
    const askUs = course({ title: 'Ask us', price: 'Contact us', imageUrl: 'https://img.example/cup.jpg' });
    serve([
      course({ title: 'Long', description: 'x'.repeat(120), price: '150000', duration: null, trainingCenter: null }),
      course({ title: 'Free one', description: '', price: '0' }),
      askUs,
    ]);
    page();
    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByRole('heading', { name: 'Long' });
    const long = card('Long');
    expect(within(long).getByText(`${'x'.repeat(100)}...`)).toBeTruthy();
    expect(within(long).getByText('Rwf 150,000')).toBeTruthy();
    expect(within(long).getByText('N/A')).toBeTruthy();
    expect(within(long).getByText('BTLS Coffee Training Centre, Kigali')).toBeTruthy();
    // The placeholder shows the title, as decoration: the card names its title once, by its heading's link
    //, which leads to the course.
    expect(within(long).queryByRole('img')).toBeNull();
    expect(
      within(long)
        .getAllByText('Long')
        .map((el) => el.tagName),
    ).toEqual(['SPAN', 'A']);
    const free = card('Free one');
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(within(free).getByText('No description available.')).toBeTruthy();
    const ask = card('Ask us');
    expect(within(ask).getByText('N/A')).toBeTruthy();
    expect(ask.querySelector('img')?.getAttribute('src')).toBe('https://img.example/cup.jpg');
    expect(ask.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(
      within(ask)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Ask us', `/courses/${askUs.id}`]]);
  });
});

describe('the course detail page', () => {
  it('shows a course already in memory at once, without a request', async () => {
    const known = course({ title: 'Known', instructor: null, tags: ['espresso', 'milk'] });
    renderAt(`/courses/${known.id}`, [{ path: '/courses/:id', element: <CourseDetailPage /> }], withList([known]));
    expect(screen.getByRole('heading', { level: 1, name: 'Known' })).toBeTruthy();
    expect(screen.getByText('Experienced Professionals')).toBeTruthy();
    expect(screen.getByText('Provided upon completion')).toBeTruthy();
    expect(screen.getByText('espresso')).toBeTruthy();
    // One clear button; what a visitor does first is said apart, and describes it.
    const enroll = screen.getByRole('link', { name: 'Enroll Now' });
    expect(enroll.getAttribute('href')).toBe(`/apply-for-course?courseId=${known.id}`);
    expect(document.getElementById(enroll.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You will sign in or register first.',
    );
    expect(screen.getByRole('link', { name: /Back to all courses/ }).getAttribute('href')).toBe('/courses');
  });

  it('leads a signed-in trainee straight to the application form for this course', async () => {
    const known = course({ title: 'Known' });
    localStorage.setItem('btlsToken', 't');
    localStorage.setItem('btlsUser', JSON.stringify({ id: 9, firstName: 'Aline', role: 'trainee' }));
    try {
      renderAt(`/courses/${known.id}`, [{ path: '/courses/:id', element: <CourseDetailPage /> }], withList([known]));
      expect(screen.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toBe(
        `/apply-for-course?courseId=${known.id}`,
      );
      expect(screen.queryByText('You will sign in or register first.')).toBeNull();
    } finally {
      localStorage.clear();
    }
  });

  it("fetches a course not in memory, with 'Loading course details...' meanwhile", async () => {
    server.use(http.get(`${API}/courses/77`, answer(course({ id: 77, title: 'Fetched', instructor: 'Diane' }))));
    renderAt('/courses/77', [{ path: '/courses/:id', element: <CourseDetailPage /> }]);
    expect(screen.getByText('Loading course details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fetched' })).toBeTruthy();
    expect(screen.getByText('Diane')).toBeTruthy();
  });

  it("shows 'Course Not Found or Error' for an unknown course", async () => {
    server.use(http.get(`${API}/courses/78`, answer({ message: 'Course with ID 78 not found.' }, 404)));
    renderAt('/courses/78', [{ path: '/courses/:id', element: <CourseDetailPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Course Not Found or Error' })).toBeTruthy();
    expect(screen.getByText('The course you are looking for could not be found.')).toBeTruthy();
  });
});
