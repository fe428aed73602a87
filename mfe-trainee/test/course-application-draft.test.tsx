/** The course application's draft: kept on the phone while the trainee looks elsewhere, or when it cannot be sent. */
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { ApplyPage } from '../src/features/apply/apply-page';

mockApiForFile();
afterEach(() => {
  cleanup();
  indexedDB.deleteDatabase('btls-drafts');
});

const courses = [{ id: 3, title: 'Espresso Fundamentals', level: 'Beginner', isActive: true }];
const apply = () => renderAt('/apply-for-course?courseId=3', [{ path: '/apply-for-course', element: <ApplyPage /> }]);

describe("the course application's draft", () => {
  it('not sent without network: says so, and what was typed is still there after leaving and coming back', async () => {
    signInAs({ role: 'trainee' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(
      http.get(`${API}/courses`, answer(courses)),
      http.post(`${API}/enrollments/apply`, () => HttpResponse.error()),
    );
    const first = apply();
    await screen.findByRole('option', { name: 'Espresso Fundamentals (Beginner)' });
    await userEvent.type(screen.getByLabelText('Notes for the training centre (optional)'), 'Weekends only');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not sent: you are offline. What you wrote is kept on this phone; send it again once you are back online.',
    );
    first.unmount();

    apply();
    expect(await screen.findByText('Your application as you left it: it has not been sent yet.')).toBeTruthy();
    expect((screen.getByLabelText('Notes for the training centre (optional)') as HTMLTextAreaElement).value).toBe(
      'Weekends only',
    );
  });
});
