import { useState, type FormEvent } from 'react';
import { ApiError, authValidation, errorMessage, translateMessage } from '@btls/shared-api';
import { useDraft } from '@btls/shared-ui/draft';
import { useHydrated, useKeepTypedValues } from '@btls/shared-ui/hydrated';
import { useFormProblem } from '@btls/shared-ui/form-problem';
import { blankFields, requiredMessage } from '../../ui/form-checks';

/**
 * The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first focused or sent,
 * never with a public page (these pages are rendered on the server and must stay light).
 */
const loadRules = () => import('@btls/shared-api/schemas');
export type FormRules = Awaited<ReturnType<typeof loadRules>>;

/** A refusal of the server's that is about one field, though its answer names none: the field it is about. */
const FIELD_OF_CODE: Record<string, string> = {
  // Registering with an e-mail that has an account (409): the e-mail is what to change, or sign in instead.
  'session.emailTaken': 'email',
};

/** One problem a form's check found: the contract's words (English) and the field's name. */
type CheckedProblem = { message: string; field?: string };

/**
 * The state every sign-in form shares: its fields, why it was refused, a busy flag. A refusal says **every**
 * problem at once, each beside the field it is about, the keyboard on the first (`useFormProblem`); the form
 * stays filled. Before any call, every required field left empty is named, `check` runs the request's own
 * schema (`checkForm`: each field's problem), and `checkPasswords` compares the password with its
 * confirmation (which never leaves the browser): all of them together, one field's first problem each.
 */
export function useAuthForm<Fields extends Record<string, string>>(
  initial: Fields,
  send: (fields: Fields) => Promise<void>,
  options: {
    checkPasswords?: boolean;
    /** The name of the draft kept on this phone until the form is sent (a registration's). */
    draft?: string;
    check?: (
      rules: FormRules,
      fields: Fields,
    ) => { problem: string; field?: string; problems?: CheckedProblem[] } | { payload: unknown };
  } = {},
) {
  // A registration's names and e-mail are kept on this phone until it is sent (`draft`), never its passwords
  // (the draft keeps no field named for a password); the sign-in forms keep nothing.
  const [ownFields, setOwnFields] = useState(initial);
  const draft = useDraft(options.draft ?? '', null, initial);
  const fields = options.draft ? draft.values : ownFields;
  const change = (changes: Partial<Fields>) =>
    options.draft ? draft.update(changes) : setOwnFields((f) => ({ ...f, ...changes }));
  const [busy, setBusy] = useState(false);
  // The code of the server's last refusal (the page may say more beside it: a taken e-mail's ways in).
  const [refusedCode, setRefusedCode] = useState<string | undefined>();
  const ready = useHydrated();
  const ref = useKeepTypedValues(fields, change);
  const problem = useFormProblem(ref);

  /** Props for a required text field bound to `name`, with the form's refusal when it is about this field. */
  const field = (name: keyof Fields & string) => ({
    name,
    value: fields[name],
    required: true,
    error: problem.errorFor(name),
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value } as Partial<Fields>),
  });

  /** Every problem the browser can find before sending: blanks, the request's schema, the confirmation. */
  async function problemsBeforeSending(): Promise<CheckedProblem[]> {
    const found: CheckedProblem[] = blankFields(ref.current).map((name) => ({
      message: requiredMessage(),
      field: name,
    }));
    if (options.check) {
      const checked = options.check(await loadRules(), fields);
      if ('problem' in checked)
        for (const { message, field } of checked.problems ?? [{ message: checked.problem, field: checked.field }])
          found.push({ message: translateMessage(message), ...(field ? { field } : {}) });
    }
    // The confirmation is the field to fix when the two differ: the password itself may be right.
    if (options.checkPasswords && fields.confirmPassword && fields.password !== fields.confirmPassword)
      found.push({ message: translateMessage(authValidation.passwordsDoNotMatch), field: 'confirmPassword' });
    // A blank field is said as blank, not by its other rules (the first found for a field is the one kept).
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await problemsBeforeSending();
    if (found.length) return problem.refuseAll(found);
    problem.clear();
    setRefusedCode(undefined);
    setBusy(true);
    try {
      await send(fields);
      if (options.draft) draft.clear();
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : undefined;
      setRefusedCode(code);
      const field = code ? FIELD_OF_CODE[code] : undefined;
      if (field && field in fields) problem.refuse(errorMessage(failure), field);
      else problem.fail(failure);
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

  return { fields, field, problem: problem.problem, refusedCode, busy, ready, submit, formProps, submitProps };
}

/** The payload without the confirmation field, which never leaves the browser. */
export function withoutConfirmation<T extends { confirmPassword: string }>({ confirmPassword: _, ...rest }: T) {
  return rest;
}
