import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@btls/shared-api';

/**
 * The state every sign-in form shares: its fields, a red-banner error, a busy flag. On failure the form
 * stays filled and the reason shows; `checkPasswords` runs the spec's password checks before any call.
 */
export function useAuthForm<Fields extends Record<string, string>>(
  initial: Fields,
  send: (fields: Fields) => Promise<void>,
  options: { checkPasswords?: boolean } = {},
) {
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  /** Props for a required text field bound to `name`. */
  const field = (name: keyof Fields & string) => ({
    name,
    value: fields[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = options.checkPasswords ? passwordProblem(fields.password ?? '', fields.confirmPassword ?? '') : null;
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      await send(fields);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return { fields, field, error, busy, submit };
}

/** The payload without the confirmation field, which never leaves the browser. */
export function withoutConfirmation<T extends { confirmPassword: string }>({ confirmPassword: _, ...rest }: T) {
  return rest;
}
