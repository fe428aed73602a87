import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@btls/shared-api';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';

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
  const ready = useHydrated();
  const ref = useKeepTypedValues(fields, (typed) => setFields((f) => ({ ...f, ...typed })));

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

  /**
   * Props for the form and its submit button. Until the page's script runs, the button waits (and the form
   * would be posted, never sent as a GET with the password in the address).
   */
  const formProps = { ref, method: 'post', onSubmit: submit } as const;
  const submitProps = { type: 'submit', disabled: busy || !ready } as const;

  return { fields, field, error, busy, ready, submit, formProps, submitProps };
}

/** The payload without the confirmation field, which never leaves the browser. */
export function withoutConfirmation<T extends { confirmPassword: string }>({ confirmPassword: _, ...rest }: T) {
  return rest;
}
