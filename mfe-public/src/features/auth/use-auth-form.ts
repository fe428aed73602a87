import { useState, type FormEvent } from 'react';
import { authValidation, translateMessage } from '@btls/shared-api';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';
import { useFormProblem } from '@btls/shared-ui/form-problem';
import { firstBlankField, requiredMessage } from '../../ui/form-checks';

/**
 * The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first focused or sent,
 * never with a public page (these pages are rendered on the server and must stay light).
 */
const loadRules = () => import('@btls/shared-api/schemas');
export type FormRules = Awaited<ReturnType<typeof loadRules>>;

/**
 * The state every sign-in form shares: its fields, why it was refused, a busy flag. A refusal is said beside the
 * field it is about, which takes the keyboard (`useFormProblem`); the form stays filled. Before any call, a
 * required field left empty is named, `check` runs the request's own schema (`checkForm`), and
 * `checkPasswords` compares the password with its confirmation (which never leaves the browser).
 */
export function useAuthForm<Fields extends Record<string, string>>(
  initial: Fields,
  send: (fields: Fields) => Promise<void>,
  options: {
    checkPasswords?: boolean;
    check?: (rules: FormRules, fields: Fields) => { problem: string; field?: string } | { payload: unknown };
  } = {},
) {
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const ref = useKeepTypedValues(fields, (typed) => setFields((f) => ({ ...f, ...typed })));
  const problem = useFormProblem(ref);

  /** Props for a required text field bound to `name`, with the form's refusal when it is about this field. */
  const field = (name: keyof Fields & string) => ({
    name,
    value: fields[name],
    required: true,
    error: problem.errorFor(name),
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const blank = firstBlankField(ref.current);
    if (blank) return problem.refuse(requiredMessage(), blank);
    if (options.check) {
      const checked = options.check(await loadRules(), fields);
      if ('problem' in checked) return problem.refuse(translateMessage(checked.problem), checked.field);
    }
    // The confirmation is the field to fix when the two differ: the password itself may be right.
    if (options.checkPasswords && fields.password !== fields.confirmPassword)
      return problem.refuse(translateMessage(authValidation.passwordsDoNotMatch), 'confirmPassword');
    problem.clear();
    setBusy(true);
    try {
      await send(fields);
    } catch (failure) {
      problem.fail(failure);
      setBusy(false);
    }
  }

  /**
   * Props for the form and its submit button. Until the page's script runs, the button waits (and the form
   * would be posted, never sent as a GET with the password in the address). The browser's own checks are off:
   * they would speak the browser's language in a bubble, not the page's beside the field.
   */
  const formProps = {
    ref,
    method: 'post',
    noValidate: true,
    onSubmit: submit,
    onFocus: options.check ? () => void loadRules() : undefined,
  } as const;
  const submitProps = { type: 'submit', disabled: busy || !ready } as const;

  return { fields, field, problem: problem.problem, busy, ready, submit, formProps, submitProps };
}

/** The payload without the confirmation field, which never leaves the browser. */
export function withoutConfirmation<T extends { confirmPassword: string }>({ confirmPassword: _, ...rest }: T) {
  return rest;
}
