import { useState, type FormEvent } from 'react';
import { authValidation, errorMessage, translateMessage } from '@btls/shared-api';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';

/**
 * The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first focused or sent,
 * never with a public page (these pages are rendered on the server and must stay light).
 */
const loadRules = () => import('@btls/shared-api/schemas');
export type FormRules = Awaited<ReturnType<typeof loadRules>>;

/**
 * The state every sign-in form shares: its fields, a red-banner error, a busy flag. On failure the form
 * stays filled and the reason shows. Before any call, `checkPasswords` compares the password with its
 * confirmation (which never leaves the browser) and `check` runs the request's own schema (`checkForm`).
 */
export function useAuthForm<Fields extends Record<string, string>>(
  initial: Fields,
  send: (fields: Fields) => Promise<void>,
  options: {
    checkPasswords?: boolean;
    check?: (rules: FormRules, fields: Fields) => { problem: string } | { payload: unknown };
  } = {},
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
    if (options.checkPasswords && fields.password !== fields.confirmPassword)
      return setError(translateMessage(authValidation.passwordsDoNotMatch));
    if (options.check) {
      const checked = options.check(await loadRules(), fields);
      if ('problem' in checked) return setError(translateMessage(checked.problem));
    }
    setError('');
    setBusy(true);
    try {
      await send(fields);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  /**
   * Props for the form and its submit button. Until the page's script runs, the button waits (and the form
   * would be posted, never sent as a GET with the password in the address).
   */
  const formProps = {
    ref,
    method: 'post',
    onSubmit: submit,
    onFocus: options.check ? () => void loadRules() : undefined,
  } as const;
  const submitProps = { type: 'submit', disabled: busy || !ready } as const;

  return { fields, field, error, busy, ready, submit, formProps, submitProps };
}

/** The payload without the confirmation field, which never leaves the browser. */
export function withoutConfirmation<T extends { confirmPassword: string }>({ confirmPassword: _, ...rest }: T) {
  return rest;
}
