import { expectRefusedOn } from '@btls/shared-auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '../src/features/auth/forgot-password-page';
import { LoginPage } from '../src/features/auth/login-page';
import { ResetPasswordPage } from '../src/features/auth/reset-password-page';
import { answer, API, http, renderAt, server, mockApiForFile } from './render';

const SENT = 'If an account exists for that e-mail, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired.';

mockApiForFile();

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
];

describe('account recovery screens', () => {
  it('/login links to "Forgot password?", which sends the e-mail and shows the one answer', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/forgot-password`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: SENT })();
      }),
    );
    renderAt('/login', routes);
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'aline@example.rw');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(sent).toEqual({ email: 'aline@example.rw' });
  });

  it('asks for the new password twice with the spec checks, then goes to sign in with a notice', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'Your password has been reset. Please sign in with your new password.' })();
      }),
    );
    renderAt('/reset-password/tok-123', routes);
    await userEvent.type(screen.getByLabelText('New Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdeg');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await expectRefusedOn('Confirm Password', 'Passwords do not match.');
    expect(sent).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sent).toEqual({ token: 'tok-123', password: 'abcdef' });
  });

  it('says an invalid, used or expired link is so, with a way to ask again', async () => {
    server.use(http.post(`${API}/auth/reset-password`, answer({ message: INVALID }, 400)));
    renderAt('/reset-password/old', routes);
    await userEvent.type(screen.getByLabelText('New Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(INVALID)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new reset link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
  });
});
