/**
 * What the business writes, in the reader's language (docs/product.md §3, content languages): a text shown in a
 * language other than the page's carries its `lang` and a note saying which, in the reader's language; the reads
 * ask for the page's language.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, setLanguage } from '@btls/shared-api';
import { CourseDetailPage } from '../src/features/courses/course-detail-page';
import { CoursesPage } from '../src/features/courses/courses-page';
import { JobsPage } from '../src/features/jobs/jobs-page';
import { loadMessages } from '../src/expose';
import { answer, API, course, http, job, mockApiForFile, pagedAnswer, renderAt, server } from './render';

mockApiForFile();
afterEach(() => setLanguage('en'));

const inRw = course({
  title: 'Ibanze bya espresso',
  description: 'Wige espresso.',
  language: 'rw',
  languages: ['rw', 'en'],
});
const inEn = course({ title: 'Latte Art', description: 'Hearts and tulips.', language: 'en', languages: ['en'] });
const facets = { categories: [], levels: [], trainingCenters: [] };

describe('texts in another language than the page', () => {
  it("marks an English course with lang=en and 'Byanditswe mu Cyongereza' on a Kinyarwanda page, and asks in rw", async () => {
    await addCatalogue('public', loadMessages);
    await setLanguage('rw');
    const seen: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/courses/facets`, answer(facets)),
      http.get(
        `${API}/courses`,
        pagedAnswer([inRw, inEn], () => true, seen),
      ),
    );
    renderAt('/courses', [{ path: '/courses', element: <CoursesPage /> }]);
    const english = await screen.findByRole('heading', { name: 'Latte Art' });
    expect(english.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { name: 'Ibanze bya espresso' }).hasAttribute('lang')).toBe(false);
    expect(screen.getAllByText('Byanditswe mu Cyongereza')).toHaveLength(1);
    expect(screen.getByText('Hearts and tulips.').getAttribute('lang')).toBe('en');
    expect(seen.at(-1)?.get('lang')).toBe('rw');
  });

  it("says 'Written in Kinyarwanda' on an English page for a course only in Kinyarwanda", async () => {
    server.use(http.get(`${API}/courses/${inRw.id}`, answer(inRw)));
    renderAt(`/courses/${inRw.id}`, [{ path: '/courses/:id', element: <CourseDetailPage /> }]);
    const title = await screen.findByRole('heading', { level: 1, name: 'Ibanze bya espresso' });
    expect(title.getAttribute('lang')).toBe('rw');
    expect(screen.getByText('Written in Kinyarwanda')).toBeTruthy();
    expect(screen.getByText('Wige espresso.').getAttribute('lang')).toBe('rw');
  });

  it('notes a job written in French on an English page, and shows none for one in English', async () => {
    const fr = job({
      title: 'Serveur de café',
      descriptionSnippet: 'Servir le café.',
      language: 'fr',
      languages: ['fr'],
    });
    const en = job({ title: 'Barista', language: 'en' });
    server.use(
      http.get(`${API}/jobs/facets`, answer({ locations: [], jobTypes: [] })),
      http.get(
        `${API}/jobs`,
        pagedAnswer([fr, en], () => true),
      ),
    );
    renderAt('/jobs', [{ path: '/jobs', element: <JobsPage /> }]);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Serveur de café' }).getAttribute('lang')).toBe('fr'),
    );
    expect(screen.getAllByText(/^Written in/).map((note) => note.textContent)).toEqual(['Written in French']);
  });
});
