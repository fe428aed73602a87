/** The sign-in forms refuse a submit beside the field it is about, take the keyboard there and keep what was typed. */
import { expectRefusedOn } from '@btls/shared-auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmployerRegisterPage } from '../src/features/auth/employer-register-page';
import { ForgotPasswordPage } from '../src/features/auth/forgot-password-page';
import { LoginPage } from '../src/features/auth/login-page';
import { RegisterPage } from '../src/features/auth/register-page';
import { answer, API, http, mockApiForFile, renderAt, server } from './render';

mockApiForFile();

const REQUIRED = 'Please fill in all required fields.';
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/employer/register', element: <EmployerRegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
];

describe('signing in', () => {
  it('an empty password is said beside it, with the keyboard there and the e-mail kept; nothing is sent', async () => {
    let posted = false;
    server.use(http.post(`${API}/auth/login`, () => ((posted = true), Response.json({}))));
    renderAt('/login', routes);
    await userEvent.type(screen.getByLabelText('Email'), 'aline@example.rw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectRefusedOn('Password', REQUIRED);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('aline@example.rw');
    expect(posted).toBe(false);
  });

  it("wrong credentials are the form's, not a field's: the banner, the form still filled", async () => {
    server.use(http.post(`${API}/auth/login`, answer({ message: 'Invalid email or password.' }, 401)));
    renderAt('/login', routes);
    await userEvent.type(screen.getByLabelText('Email'), 'aline@example.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('not-it');
  });
});

describe('registering', () => {
  async function fill(password: string, confirmation: string) {
    await userEvent.type(screen.getByLabelText('First Name'), 'Ange');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Keza');
    await userEvent.type(screen.getByLabelText('Email'), 'ange@example.rw');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), password);
    await userEvent.type(screen.getByLabelText('Confirm Password'), confirmation);
  }

  it('a confirmation that differs is the confirmation’s to fix', async () => {
    renderAt('/register', routes);
    await fill('kawa-2026', 'kawa-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectRefusedOn('Confirm Password', 'Passwords do not match.');
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ange');
  });

  it('the server’s own check lands beside the field it names', async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        Response.json(
          {
            message: 'Please enter a valid email address.',
            code: 'validation.invalidEmail',
            params: { field: 'email' },
          },
          { status: 400 },
        ),
      ),
    );
    renderAt('/register', routes);
    await fill('kawa-2026', 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectRefusedOn('Email', 'Please enter a valid email address.');
  });

  it('a company left out is named first on the employer’s form', async () => {
    renderAt('/employer/register', routes);
    await userEvent.type(screen.getByLabelText('Contact First Name'), 'Patrick');
    await userEvent.click(screen.getByRole('button', { name: 'Register Company' }));
    await expectRefusedOn('Company Name', REQUIRED);
    expect((screen.getByLabelText('Contact First Name') as HTMLInputElement).value).toBe('Patrick');
  });
});

describe('asking for a reset link', () => {
  it('an empty e-mail is said beside it', async () => {
    renderAt('/forgot-password', routes);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectRefusedOn('Email', REQUIRED);
  });
});
