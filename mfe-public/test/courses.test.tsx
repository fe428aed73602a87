import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseDetailPage } from '../src/features/courses/course-detail-page';
import { CoursesPage } from '../src/features/courses/courses-page';
import { queryKeys } from '@btls/shared-api';
import { testQueryClient } from '@btls/shared-auth/testing';
import { answer, API, course, http, renderAt, server, useApi } from './render';

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

const catalogue = [
  course({ title: 'Espresso Fundamentals', description: 'Pull shots.', tags: ['espresso'], category: 'Brewing Techniques', level: 'Beginner' }),
  course({ title: 'Latte Art Masterclass', description: 'Hearts and tulips.', tags: ['milk'], category: 'Latte Art', level: 'Intermediate', trainingCenter: 'Huye Coffee Lab' }),
  course({ title: 'Cupping', description: 'Taste like a Q grader.', tags: ['sensory'], category: 'Coffee Knowledge', level: 'Advanced' }),
];

const page = () => renderAt('/courses', [{ path: '/courses', element: <CoursesPage /> }]);
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
/** A query client that already holds the course list, as after a visit to /courses. */
const withList = (list: ReturnType<typeof course>[]) => {
  const client = testQueryClient();
  client.setQueryData(queryKeys.courses, list);
  return client;
};

describe('the courses page', () => {
  it("shows 'Loading available courses...' and then the cards", async () => {
    server.use(http.get(`${API}/courses`, answer(catalogue)));
    page();
    expect(screen.getByText('Loading available courses...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Espresso Fundamentals' })).toBeTruthy();
    expect(titles()).toHaveLength(3);
  });

  it("shows 'Failed to Load Courses' and the error", async () => {
    server.use(http.get(`${API}/courses`, () => new Response(null, { status: 500 })));
    page();
    expect(await screen.findByRole('heading', { name: 'Failed to Load Courses' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch courses. Status: 500');
  });

  it('searches title, description and tags', async () => {
    server.use(http.get(`${API}/courses`, answer(catalogue)));
    page();
    const search = await screen.findByLabelText('Search courses');
    await userEvent.type(search, 'tulips');
    expect(titles()).toEqual(['Latte Art Masterclass']);
    await userEvent.clear(search);
    await userEvent.type(search, 'SENSORY');
    expect(titles()).toEqual(['Cupping']);
  });

  it("offers 'All' plus the sorted distinct values in each dropdown, filters, and resets", async () => {
    server.use(http.get(`${API}/courses`, answer(catalogue)));
    page();
    const category = await screen.findByLabelText('Category');
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Brewing Techniques',
      'Coffee Knowledge',
      'Latte Art',
    ]);
    expect(within(screen.getByLabelText('Skill Level')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Advanced',
      'Beginner',
      'Intermediate',
    ]);
    expect(within(screen.getByLabelText('Training Center')).getAllByRole('option')).toHaveLength(3);
    fireEvent.change(category, { target: { value: 'Latte Art' } });
    expect(titles()).toEqual(['Latte Art Masterclass']);
    fireEvent.change(screen.getByLabelText('Skill Level'), { target: { value: 'Advanced' } });
    expect(screen.getByRole('heading', { name: 'No Courses Found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters, or check back later!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(titles()).toHaveLength(3);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('All');
  });

  it('applies the card display rules of spec §9', async () => {
    const askUs = course({ title: 'Ask us', price: 'Contact us', imageUrl: 'https://img.example/cup.jpg' });
    server.use(
      http.get(
        `${API}/courses`,
        answer([
          course({ title: 'Long', description: 'x'.repeat(120), price: '150000', duration: null, trainingCenter: null }),
          course({ title: 'Free one', description: '', price: '0' }),
          askUs,
        ]),
      ),
    );
    page();
    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByRole('heading', { name: 'Long' });
    const long = card('Long');
    expect(within(long).getByText(`${'x'.repeat(100)}...`)).toBeTruthy();
    expect(within(long).getByText('Rwf 150,000')).toBeTruthy();
    expect(within(long).getByText('N/A')).toBeTruthy();
    expect(within(long).getByText('BTLS Coffee Training Centre, Kigali')).toBeTruthy();
    expect(within(long).getByRole('img', { name: 'Long' }).textContent).toBe('Long');
    const free = card('Free one');
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(within(free).getByText('No description available.')).toBeTruthy();
    const ask = card('Ask us');
    expect(within(ask).getByText('N/A')).toBeTruthy();
    expect(within(ask).getByRole('img', { name: 'Ask us' }).getAttribute('src')).toBe('https://img.example/cup.jpg');
    expect(within(ask).getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(`/courses/${askUs.id}`);
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
    expect(screen.getByRole('link', { name: 'Enroll Now (Login or register is Required)' }).getAttribute('href')).toBe(`/apply-for-course?courseId=${known.id}`);
    expect(screen.getByRole('link', { name: /Back to all courses/ }).getAttribute('href')).toBe('/courses');
  });

  it('leads a signed-in trainee straight to the application form for this course', async () => {
    const known = course({ title: 'Known' });
    localStorage.setItem('btlsToken', 't');
    localStorage.setItem('btlsUser', JSON.stringify({ id: 9, firstName: 'Aline', role: 'trainee' }));
    try {
      renderAt(`/courses/${known.id}`, [{ path: '/courses/:id', element: <CourseDetailPage /> }], withList([known]));
      expect(screen.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toBe(`/apply-for-course?courseId=${known.id}`);
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
