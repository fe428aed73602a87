/** The sign-in forms refuse a submit beside the field it is about, take the keyboard there and keep what was typed. */
import { expectRefusedOn } from '@btls/shared-auth/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmployerRegisterPage } from '../src/features/auth/employer-register-page';
import { ForgotPasswordPage } from '../src/features/auth/forgot-password-page';
import { LoginPage } from '../src/features/auth/login-page';
import { RegisterPage } from '../src/features/auth/register-page';
import { answer, API, http, mockApiForFile, renderAt, server } from './render';

mockApiForFile();

const REQUIRED = 'This field is required.';

/** The words a field is described by (its message, then its hint). */
const describedText = (label: string, exact = false) =>
  (screen.getByLabelText(label, { exact }).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
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

  it('every field left out is named at once on the employer’s form, the company first', async () => {
    renderAt('/employer/register', routes);
    await userEvent.type(screen.getByLabelText('Contact First Name'), 'Patrick');
    await userEvent.click(screen.getByRole('button', { name: 'Register Company' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Company Name')));
    for (const label of ['Company Name', 'Contact Last Name', 'Email', 'Confirm Password'])
      expect(describedText(label)).toContain(REQUIRED);
    expect(screen.getByLabelText('Contact First Name').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('Please fix these 5 problems:');
    expect((screen.getByLabelText('Contact First Name') as HTMLInputElement).value).toBe('Patrick');
  });

  it('a bad e-mail, a short password and a different confirmation are said together, each beside its field', async () => {
    let posted = false;
    server.use(http.post(`${API}/auth/register`, () => ((posted = true), Response.json({}))));
    renderAt('/register', routes);
    await userEvent.type(screen.getByLabelText('First Name'), 'Ange');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Keza');
    await userEvent.type(screen.getByLabelText('Email'), 'ange-at-example');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), '123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), '124');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // The keyboard on the first, each message beside its own field, all three in the summary.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(describedText('Email')).toContain('Please enter a valid email address.');
    expect(describedText('Password', true)).toContain('Password must be at least 6 characters long.');
    expect(describedText('Confirm Password')).toContain('Passwords do not match.');
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('button')
        .map((line) => line.textContent),
    ).toEqual([
      'Email: Please enter a valid email address.',
      'Password: Password must be at least 6 characters long.',
      'Confirm Password: Passwords do not match.',
    ]);
    // A line of the summary takes the keyboard to its field.
    await userEvent.click(within(summary).getByRole('button', { name: /^Confirm Password/ }));
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm Password'));
    expect(posted).toBe(false);
  });

  it('every problem the server answers is placed beside its field', async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        Response.json(
          {
            message: 'Field cannot contain only numbers.',
            code: 'validation.noOnlyNumbers',
            params: { field: 'firstName' },
            problems: [
              { field: 'firstName', message: 'Field cannot contain only numbers.', code: 'validation.noOnlyNumbers' },
              { field: 'lastName', message: 'Field cannot contain only numbers.', code: 'validation.noOnlyNumbers' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderAt('/register', routes);
    await fill('kawa-2026', 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name')));
    expect(describedText('Last Name')).toContain('Field cannot contain only numbers.');
  });

  it('an e-mail that has an account offers to sign in with it, or to choose a new password', async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        Response.json(
          { message: 'An account with this email already exists.', code: 'session.emailTaken' },
          { status: 409 },
        ),
      ),
    );
    renderAt('/register', routes);
    await fill('kawa-2026', 'kawa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectRefusedOn('Email', 'An account with this email already exists.');
    expect(screen.getByRole('link', { name: 'Forgot your password? Choose a new one' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign in with this e-mail' }));
    // On the sign-in page, the e-mail already there.
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ange@example.rw');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('asking for a reset link', () => {
  it('an empty e-mail is said beside it', async () => {
    renderAt('/forgot-password', routes);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectRefusedOn('Email', REQUIRED);
  });
});
