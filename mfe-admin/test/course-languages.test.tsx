/**
 * A course's texts in the platform's languages (docs/product.md §3, content languages): written in the author's
 * language (the interface's by default), each other language behind its "Also in …" disclosure; a half-written
 * translation is refused beside its blank field, with every other problem at once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { CoursesPage } from '../src/features/courses/courses-page';
import { CourseForm, NEW_COURSE, valuesOf } from '../src/features/courses/course-form';
import { course } from './fixtures';

mockApiForFile();

/** Whether the field is behind a closed disclosure. */
const closed = (label: string) => !screen.getByLabelText(label).closest('details')!.open;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the course form in several languages', () => {
  it("writes in the interface's language by default, and sends another language's texts beside them", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderAt('/x', [{ path: '/x', element: <CourseForm mode="add" initial={NEW_COURSE} onSubmit={onSubmit} /> }]);
    const language = screen.getByLabelText('Language of these texts') as HTMLSelectElement;
    expect(language.value).toBe('en');
    await userEvent.selectOptions(language, 'rw');
    expect(screen.getByLabelText('Title').getAttribute('lang')).toBe('rw');
    type('Title', 'Ibanze bya espresso');
    type('Description', 'Wige espresso.');
    // The other languages are closed until opened: a one-language author sees a form as short as before.
    const english = screen.getByText('Also in English (optional)');
    expect(closed('Title (English)')).toBe(true);
    expect(screen.queryByText('Also in Kinyarwanda (optional)')).toBeNull();
    await userEvent.click(english);
    expect(closed('Title (English)')).toBe(false);
    type('Title (English)', 'Espresso basics');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    // Half a translation: its blank description is named beside it.
    const description = await screen.findByLabelText('Description (English)');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(description.closest('div')!.parentElement!).getByText(/Write the description in this language too/),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Description (English)', 'Learn espresso.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Ibanze bya espresso',
      language: 'rw',
      translations: {
        en: { title: 'Espresso basics', description: 'Learn espresso.' },
        fr: { title: '', description: '' },
      },
    });
  });

  it('edits a course in its own language, with its translations open and filled', () => {
    const written = course({
      title: 'Espresso basics',
      language: 'en',
      languages: ['rw', 'en'],
      texts: {
        rw: { title: 'Ibanze bya espresso', description: 'Wige espresso.', tags: ['amata'] },
        en: { title: 'Espresso basics', description: 'Learn espresso.', tags: ['milk'] },
      },
    });
    renderAt('/x', [
      { path: '/x', element: <CourseForm mode="edit" initial={valuesOf(written)} onSubmit={vi.fn()} /> },
    ]);
    expect((screen.getByLabelText('Language of these texts') as HTMLSelectElement).value).toBe('rw');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Ibanze bya espresso');
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Espresso basics');
    expect((screen.getByLabelText('Tags (English)') as HTMLInputElement).value).toBe('milk');
    expect(closed('Title (English)')).toBe(false);
    expect(closed('Title (Français)')).toBe(true);
  });

  it('lists a course not in the page’s language with its language marked and noted', async () => {
    signInAs({ id: 1, role: 'admin' });
    const rw = course({ title: 'Serivisi nziza muri kafe', language: 'rw', languages: ['rw'] });
    server.use(http.get(`${API}/courses`, answer([rw, course({ title: 'Cupping' })])));
    renderAt('/admin/courses', [{ path: '/admin/courses', element: <CoursesPage /> }]);
    const title = (await screen.findAllByText('Serivisi nziza muri kafe'))[0]!;
    expect(title.closest('[lang]')?.getAttribute('lang')).toBe('rw');
    expect(screen.getAllByText('Written in Kinyarwanda').length).toBeGreaterThan(0);
  });
});
