import { useLocation } from '@btls/shared-auth';
import { expectRefusedOn } from '@btls/shared-auth/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '../src/features/auth/forgot-password-page';
import { LoginPage } from '../src/features/auth/login-page';
import { ResetPasswordPage } from '../src/features/auth/reset-password-page';
import { answer, API, http, renderAt, server, mockApiForFile } from './render';

const SENT = 'If an account exists for that e-mail, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired.';

mockApiForFile();

/** The page's address as the router has it (the browser's, in a page). */
function Address() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="address">{`${pathname}${search}${hash}`}</output>;
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  {
    path: '/reset-password',
    element: (
      <>
        <ResetPasswordPage />
        <Address />
      </>
    ),
  },
];

/** The link check answers `valid`; what it was sent, and at which address, is kept. */
function linkCheck(valid: boolean) {
  const seen: { url: string; body: unknown }[] = [];
  server.use(
    http.post(`${API}/auth/reset-password/check`, async ({ request }) => {
      seen.push({ url: request.url, body: await request.json() });
      return answer({ valid })();
    }),
  );
  return seen;
}

const address = () => screen.getByLabelText('address').textContent;

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

  it('reads the token from the fragment, takes it out of the address at once, and sends it only in bodies', async () => {
    const checked = linkCheck(true);
    let sent: { url: string; body: unknown } | undefined;
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        sent = { url: request.url, body: await request.json() };
        return answer({ message: 'Your password has been reset. Please sign in with your new password.' })();
      }),
    );
    renderAt('/reset-password#token=tok-123', routes);
    await waitFor(() => expect(address()).toBe('/reset-password'));
    await waitFor(() =>
      expect(checked).toEqual([{ url: `${API}/auth/reset-password/check`, body: { token: 'tok-123' } }]),
    );
    await userEvent.type(screen.getByLabelText('New Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeTruthy();
    expect(sent).toEqual({ url: `${API}/auth/reset-password`, body: { token: 'tok-123', password: 'abcdef' } });
  });

  it('asks for the new password twice with the spec checks, then goes to sign in with a notice', async () => {
    linkCheck(true);
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'Your password has been reset. Please sign in with your new password.' })();
      }),
    );
    renderAt('/reset-password#token=tok-123', routes);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set new password' }).hasAttribute('disabled')).toBe(false),
    );
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

  it('says a spent or expired link is so before a password is typed, with a way to ask again', async () => {
    const checked = linkCheck(false);
    renderAt('/reset-password#token=spent', routes);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(checked).toHaveLength(1);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(address()).toBe('/reset-password');
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new reset link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('says a link without its token does not work, and asks nothing', async () => {
    const checked = linkCheck(true);
    renderAt('/reset-password', routes);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(checked).toHaveLength(0);
  });

  it('says a link spent meanwhile is so when the password is sent', async () => {
    linkCheck(true);
    server.use(http.post(`${API}/auth/reset-password`, answer({ message: INVALID }, 404)));
    renderAt('/reset-password#token=old', routes);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set new password' }).hasAttribute('disabled')).toBe(false),
    );
    await userEvent.type(screen.getByLabelText('New Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(INVALID)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new reset link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('keeps the form when the check itself is refused (too many tries), saying why', async () => {
    const LIMIT = 'Too many password reset requests. Please try again later.';
    server.use(http.post(`${API}/auth/reset-password/check`, answer({ message: LIMIT }, 429)));
    renderAt('/reset-password#token=tok-9', routes);
    expect(await screen.findByText(LIMIT)).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(address()).toBe('/reset-password');
  });
});
