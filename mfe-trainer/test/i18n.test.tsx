import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalogue, setLanguage } from '@btls/shared-api';
import { anEnrollment } from '@btls/shared-api/fixtures';
import { API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { TrainerDashboardPage } from '../src/features/dashboard-page';
import { loadMessages } from '../src/expose';

mockApiForFile();
afterEach(() => setLanguage('en'));

// The rest of the row as the shared fixture makes it (March 5, 2026 is the date the test reads in rw).
const row = anEnrollment({
  id: 7,
  courseTitle: 'Espresso Fundamentals',
  status: 'Completed',
  assignedTrainerId: 3,
  trainerFirstName: 'Jean',
  trainerLastName: 'Paul',
  trainerEmail: 'jp@x.rw',
});

describe('the trainer area in Kinyarwanda', () => {
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
