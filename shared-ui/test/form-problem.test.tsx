import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerProblems, ApiError } from '@btls/kernel';
import { TextField } from '../src/components';
import { FormProblem, useFormProblem } from '../src/form-problem';

afterEach(cleanup);

type Found = { message: string; field?: string }[];

/** A form of three fields refused, on submit, by what `refusal` says (the form's own check or a failure). */
function Form({ refusal }: { refusal: (problem: ReturnType<typeof useFormProblem>) => void }) {
  const problem = useFormProblem();
  return (
    <form
      ref={problem.formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        refusal(problem);
      }}
    >
      <FormProblem problem={problem.problem} />
      <TextField label="Email" name="email" error={problem.errorFor('email')} />
      <TextField label="Password" name="password" type="password" error={problem.errorFor('password')} />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        error={problem.errorFor('confirmPassword')}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const three: Found = [
  { message: 'Please enter a valid email address.', field: 'email' },
  { message: 'Password must be at least 6 characters long.', field: 'password' },
  { message: 'Passwords do not match.', field: 'confirmPassword' },
];

/** The field's message: the text the control is described by. */
const describedText = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('useFormProblem', () => {
  it('says every problem of the check at once, each beside its field, the keyboard on the first', async () => {
    render(<Form refusal={(problem) => problem.refuseAll(three)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(describedText('Email')).toContain('Please enter a valid email address.');
    expect(describedText('Password')).toContain('Password must be at least 6 characters long.');
    expect(describedText('Confirm Password')).toContain('Passwords do not match.');
    for (const label of ['Email', 'Password', 'Confirm Password'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    // One summary, announced once, listing all three by their field.
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('Please fix these 3 problems:');
    const lines = screen.getAllByRole('button', { name: /: / });
    expect(lines.map((line) => line.textContent)).toEqual([
      'Email: Please enter a valid email address.',
      'Password: Password must be at least 6 characters long.',
      'Confirm Password: Passwords do not match.',
    ]);
  });

  it("moves to a problem's field from its line in the summary", async () => {
    render(<Form refusal={(problem) => problem.refuseAll(three)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Password: Passwords do not match.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm Password'));
  });

  it("places each problem of the server's answer beside its field", async () => {
    const failure = new ApiError('Please enter a valid email address.', 400, 'validation.invalidEmail', {
      field: 'email',
    });
    answerProblems(failure, [
      { message: 'Please enter a valid email address.', code: 'validation.invalidEmail', field: 'email' },
      {
        message: 'Password must be at least 6 characters long.',
        code: 'validation.passwordTooShort',
        field: 'password',
      },
      // A field this form does not show: said in the banner.
      { message: 'Field cannot contain only numbers.', code: 'validation.noOnlyNumbers', field: 'firstName' },
    ]);
    render(<Form refusal={(problem) => problem.fail(failure)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(describedText('Password')).toContain('Password must be at least 6 characters long.');
    expect(screen.getByLabelText('Confirm Password').hasAttribute('aria-invalid')).toBe(false);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('Field cannot contain only numbers.');
  });

  it('keeps one problem as before: beside its field, the summary for screen readers only', async () => {
    render(<Form refusal={(problem) => problem.refuse('Passwords do not match.', 'confirmPassword')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirm Password')));
    expect(screen.getByRole('alert').className).toBe('visually-hidden');
    expect(screen.queryAllByRole('button', { name: /: / })).toEqual([]);
  });
});

describe('the profile forms', () => {
  it('Change password says the empty current password, the short new one and the mismatch together', async () => {
    const { passwordProblem } = await import('@btls/shared-api');
    const { PasswordChangeForm } = await import('../src/password-change');
    let changed = false;
    render(<PasswordChangeForm check={passwordProblem} change={async () => ((changed = true), 'Changed.')} />);
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: '124' } });
    fireEvent.click(screen.getByRole('button', { name: /Change password|Update Password/i }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current Password')));
    expect(describedText('Current Password')).toContain('Enter your current password.');
    expect(describedText('New Password')).toContain('Password must be at least 6 characters long.');
    expect(describedText('Confirm New Password')).toContain('Passwords do not match.');
    expect(changed).toBe(false);
  });

  it('the name form says both names left empty, each beside its field', async () => {
    const { NameForm } = await import('../src/profile');
    const form = {
      user: { email: 'aline@example.rw' },
      firstName: ' ',
      setFirstName: () => undefined,
      lastName: '',
      setLastName: () => undefined,
      notice: '',
      save: async (event: { preventDefault(): void }) => (
        event.preventDefault(),
        { message: 'Please fill in all required fields.', field: 'firstName' as const }
      ),
    };
    render(<NameForm form={form} emailHint="Your e-mail cannot be changed here." />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name')));
    expect(describedText('Last Name')).toContain('Please fill in all required fields.');
  });
});
