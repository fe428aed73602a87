import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, setLanguage } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';
import { API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { TrainerDashboardPage } from '../src/features/dashboard-page';
import { loadMessages } from '../src/expose';

mockApiForFile();
afterEach(() => setLanguage('en'));

const row: Enrollment = {
  id: 7,
  applicationId: 7,
  courseId: 1,
  courseTitle: 'Espresso Fundamentals',
  courseCategory: 'Brewing Techniques',
  courseLevel: 'Beginner',
  traineeId: 2,
  traineeFirstName: 'Aline',
  traineeLastName: 'Uwase',
  traineeEmail: 'aline@example.rw',
  applicationDate: '2026-03-05T10:00:00.000Z',
  preferredStartDate: null,
  applicantNotes: null,
  adminNotes: null,
  status: 'Completed',
  assignedTrainerId: 3,
  trainerFirstName: 'Jean',
  trainerLastName: 'Paul',
  trainerEmail: 'jp@x.rw',
};

describe('the trainer area in Kinyarwanda (issue 19)', () => {
  it('shows the dashboard from the area catalogue, its date in rw', async () => {
    await addCatalogue('trainer', loadMessages);
    await setLanguage('rw');
    signInAs({ role: 'trainer', firstName: 'Jean' });
    server.use(
      http.get(`${API}/enrollments/my-assigned-trainings`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const matching = [row].filter((r) => !status || r.status === status);
        return Response.json(matching, { headers: { 'X-Total-Count': String(matching.length) } });
      }),
    );
    renderAt('/trainer/dashboard', [{ path: '/trainer/dashboard', element: <TrainerDashboardPage /> }]);
    expect(await screen.findByText('Amahugurwa yarangiye', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Murakaza neza, Jean');
    expect(await screen.findByText('kuva 5 Wer. 2026')).toBeTruthy();
  });
});
