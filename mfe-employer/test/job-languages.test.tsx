/**
 * A posting's texts in the platform's languages (docs/product.md §3, content languages): written in the employer's
 * language, others beside it behind "Also in …"; a half-written translation refused beside its blank field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aJob } from '@btls/shared-api/fixtures';
import { answer, API, http, mockApiForFile, renderAt, server, signInAs } from '@btls/shared-auth/testing';
import { EditJobPage, PostJobPage } from '../src/features/job-form';

mockApiForFile();

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the job form in several languages', () => {
  it('posts a job written in Kinyarwanda with its French beside it, after naming the half-written French', async () => {
    signInAs({ role: 'employer', companyName: 'Café Neo' });
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/jobs`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return answer({ message: 'Job posted.', job: aJob({ id: 9, title: 'Umutegura-kawa' }) }, 201)();
      }),
    );
    renderAt('/employer/post-job', [{ path: '/employer/post-job', element: <PostJobPage /> }]);
    await userEvent.selectOptions(screen.getByLabelText('Language of these texts'), 'rw');
    type(/^Job Title\s*\*?$/, 'Umutegura-kawa');
    type(/^Description\s*\*?$/, 'Gukora ikawa nziza.');
    type(/^Location\s*\*?$/, 'Kigali');
    await userEvent.click(screen.getByText('Also in French (optional)'));
    type('Job Title (Français)', 'Barista');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    const description = screen.getByLabelText('Description (Français)');
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(description.getAttribute('lang')).toBe('fr');
    expect(sent).toEqual([]);
    type('Description (Français)', 'Préparer un bon café.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));
    await screen.findByText('Job "Umutegura-kawa" posted successfully!');
    expect(sent[0]).toMatchObject({
      title: 'Umutegura-kawa',
      language: 'rw',
      translations: { fr: { title: 'Barista', description: 'Préparer un bon café.' } },
    });
  });

  it("edits a posting's own texts and its translations as they are", async () => {
    signInAs({ role: 'employer' });
    server.use(
      http.get(
        `${API}/jobs/5`,
        answer(
          aJob({
            id: 5,
            title: 'Barista',
            language: 'fr',
            languages: ['en', 'fr'],
            texts: {
              en: { title: 'Barista', description: '<p>Make coffee.</p>', requirements: null },
              fr: { title: 'Barista (fr)', description: '<p>Faire du café.</p>', requirements: 'Français' },
            },
          }),
        ),
      ),
    );
    renderAt('/employer/jobs/edit/5', [{ path: '/employer/jobs/edit/:jobId', element: <EditJobPage /> }]);
    const language = (await screen.findByLabelText('Language of these texts')) as HTMLSelectElement;
    expect(language.value).toBe('en');
    expect((screen.getByLabelText(/^Job Title\s*\*?$/) as HTMLInputElement).value).toBe('Barista');
    expect((screen.getByLabelText('Job Title (Français)') as HTMLInputElement).value).toBe('Barista (fr)');
    expect((screen.getByLabelText('Requirements (Français)') as HTMLTextAreaElement).value).toBe('Français');
  });
});
