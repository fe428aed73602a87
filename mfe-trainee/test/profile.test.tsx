import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, API, http, renderAt, server, signInAs, mockApiForFile } from '@btls/shared-auth/testing';
import { ProfilePage } from '../src/features/profile/profile-page';

mockApiForFile();

const profile = () => renderAt('/profile', [{ path: '/profile', element: <ProfilePage /> }]);

describe('the trainee profile page (/profile)', () => {
  it('shows the name, the e-mail read-only, and "Show me to employers in the talent search" on by default', async () => {
    signInAs({ role: 'trainee' });
    server.use(http.get(`${API}/users/me/preferences`, answer({ emailNotifications: true, showInTalentSearch: true })));
    profile();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Aline');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    const show = screen.getByLabelText('Show me to employers in the talent search') as HTMLInputElement;
    await vi.waitFor(() => expect(show.checked).toBe(true));
  });

  it('saves the names (trimmed, both required) into the session', async () => {
    signInAs({ role: 'trainee' });
    let sent: unknown;
    server.use(
      http.get(`${API}/users/me/preferences`, answer({ emailNotifications: true, showInTalentSearch: true })),
      http.put(`${API}/users/me/profile`, async ({ request }) => {
        sent = await request.json();
        return answer({
          message: 'Profile updated successfully.',
          user: { id: 1, firstName: 'Ange', lastName: 'Uwase', email: 'aline@example.rw', role: 'trainee' },
        })();
      }),
    );
    profile();
    await userEvent.clear(screen.getByLabelText('Last Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    // Said beside the empty field, which is marked and takes the keyboard.
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(screen.getByLabelText('Last Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last Name')));
    await userEvent.type(screen.getByLabelText('Last Name'), ' Uwase ');
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.type(screen.getByLabelText('First Name'), 'Ange');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeTruthy();
    expect(sent).toEqual({ firstName: 'Ange', lastName: 'Uwase' });
    expect(JSON.parse(localStorage.getItem('btlsUser')!).firstName).toBe('Ange');
  });

  it('saves a switched-off setting and shows what the server kept', async () => {
    signInAs({ role: 'trainee' });
    let sent: unknown;
    server.use(
      http.get(`${API}/users/me/preferences`, answer({ emailNotifications: true, showInTalentSearch: true })),
      http.put(`${API}/users/me/preferences`, async ({ request }) => {
        sent = await request.json();
        return answer({
          message: 'Your settings have been saved.',
          preferences: { emailNotifications: true, showInTalentSearch: false },
        })();
      }),
    );
    profile();
    const show = screen.getByLabelText('Show me to employers in the talent search') as HTMLInputElement;
    await vi.waitFor(() => expect(show.disabled).toBe(false));
    await userEvent.click(show);
    expect(await screen.findByText('Your settings have been saved.')).toBeTruthy();
    expect(sent).toEqual({ showInTalentSearch: false });
    expect(show.checked).toBe(false);
  });

  it('changes the password with the current one and keeps the session with the new token', async () => {
    signInAs({ role: 'trainee' }, 'old-token');
    let sent: unknown;
    server.use(
      http.get(`${API}/users/me/preferences`, answer({ emailNotifications: true, showInTalentSearch: true })),
      http.put(`${API}/auth/password`, async ({ request }) => {
        sent = await request.json();
        return answer({
          message: 'Your password has been changed. Your other sign-ins have been ended.',
          token: 'new-token',
          user: { id: 1, firstName: 'Aline', lastName: 'Uwase', email: 'aline@example.rw', role: 'trainee' },
        })();
      }),
    );
    profile();
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-pass');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-pass');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match.');
    expect(screen.getByLabelText('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Your password has been changed. Your other sign-ins have been ended.'),
    ).toBeTruthy();
    expect(sent).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass' });
    expect(localStorage.getItem('btlsToken')).toBe('new-token');
  });
});
