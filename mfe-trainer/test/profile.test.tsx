import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { TrainerProfilePage } from '../src/features/profile-page';

mockApiForFile();

describe('the trainer profile', () => {
  it('turns non-essential e-mails off, and shows the server refusing a wrong current password', async () => {
    signInAs({ role: 'trainer', firstName: 'Jean' });
    let saved: unknown;
    server.use(
      http.get(`${API}/users/me/preferences`, answer({ emailNotifications: true, showInTalentSearch: true })),
      http.put(`${API}/users/me/preferences`, async ({ request }) => {
        saved = await request.json();
        return answer({
          message: 'Your settings have been saved.',
          preferences: { emailNotifications: false, showInTalentSearch: true },
        })();
      }),
      http.put(`${API}/auth/password`, answer({ message: 'Your current password is incorrect.' }, 400)),
    );
    renderAt('/trainer/profile', [{ path: '/trainer/profile', element: <TrainerProfilePage /> }]);
    expect(screen.queryByLabelText('Show me to employers in the talent search')).toBeNull();
    const emails = screen.getByLabelText('E-mail me about my applications, training and messages') as HTMLInputElement;
    await vi.waitFor(() => expect(emails.checked).toBe(true));
    await userEvent.click(emails);
    expect(await screen.findByText('Your settings have been saved.')).toBeTruthy();
    expect(saved).toEqual({ emailNotifications: false });

    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-pass');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('wrong');
  });
});
