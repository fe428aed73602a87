/**
 * The state and writes of the admin's user forms (a new user, a user's names and role): what is typed, the
 * server's own rules checked before sending, and every problem of a refusal shown at once, each beside the field
 * it is about (the form brings the page and the keyboard to the first, and keeps what was typed). The pages (user-forms.tsx) show them.
 */
import { useState, type FormEvent } from 'react';
import { translateMessage, useCreateUser, userValidation, useUpdateUser } from '@btls/shared-api';
import type { FormCheckProblem, User } from '@btls/shared-api/schemas';
import { paths, useAuth, useI18n, useNavigate } from '@btls/shared-auth';
import { useFormProblem } from '@btls/shared-ui/form-problem';

/** The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first touched. */
export const loadRules = () => import('@btls/shared-api/schemas');

/**
 * The sign-up rules of the contract (docs/product.md §5), in its words, with the field they are about; null when
 * the form may be sent. `problems` has every field's, `problem` the first.
 */
export async function newUserProblem(form: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
}): Promise<{ problem: string; field?: string; problems: FormCheckProblem[] } | null> {
  const { checkForm, registerPayloadSchema } = await loadRules();
  const checked = checkForm(registerPayloadSchema, form);
  return 'problem' in checked ? checked : null;
}

/** Each problem of a form's check in the page's language, to refuse the form with all of them at once. */
const translated = (problems: FormCheckProblem[]) =>
  problems.map((one) => ({ ...one, message: translateMessage(one.message) }));

/** A form's values and what each field is given: its name, value, change and its part of the refusal. */
function useFields<F extends Record<string, string>>(initial: F, errorFor: (name: string) => string | undefined) {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof F & string) => ({
    name,
    value: values[name],
    error: errorFor(name),
    onChange: (e: { target: { value: string } }) => setValues((f) => ({ ...f, [name]: e.target.value })),
  });
  return { values, bind };
}

export function useNewUserForm() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const create = useCreateUser();
  const problem = useFormProblem();
  const { values, bind } = useFields(
    { firstName: '', lastName: '', email: '', password: '', role: 'trainee', companyName: '' },
    problem.errorFor,
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = await newUserProblem(values);
    if (refused) return problem.refuseAll(translated(refused.problems));
    problem.clear();
    setBusy(true);
    try {
      const { companyName, ...rest } = values;
      const answer = await create.mutateAsync({
        ...rest,
        role: values.role as User['role'],
        ...(values.role === 'employer' ? { companyName } : {}),
      });
      const name = `${answer.user.firstName} ${answer.user.lastName}`;
      navigate(paths.admin.users, {
        state: { notice: i18n._({ id: 'admin.userForm.created', message: 'User {name} created.', values: { name } }) },
      });
    } catch (failure) {
      // The form stays as it was filled; the server's words go beside the field they name.
      problem.fail(failure);
      setBusy(false);
    }
  }

  return { values, bind, busy, submit, problem };
}

export function useEditUserForm(user: User) {
  const i18n = useI18n();
  const { user: me } = useAuth();
  const update = useUpdateUser();
  const problem = useFormProblem();
  const { values, bind } = useFields(
    { firstName: user.firstName, lastName: user.lastName, role: user.role as string },
    problem.errorFor,
  );
  const [notice, setNotice] = useState('');
  const self = user.id === me?.id;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const { checkForm, userUpdatePayloadSchema } = await loadRules();
    const checked = checkForm(userUpdatePayloadSchema, values);
    const found = 'problem' in checked ? translated(checked.problems) : [];
    // An admin's own role is kept: said with the others, in the banner (a rule of the account, not of a field).
    if (self && values.role !== 'admin') found.push({ message: translateMessage(userValidation.ownRoleFromAdmin) });
    if (found.length || 'problem' in checked) return problem.refuseAll(found);
    problem.clear();
    try {
      const answer = await update.mutateAsync({ id: user.id, ...checked.payload });
      const name = `${answer.user.firstName} ${answer.user.lastName}`;
      setNotice(
        i18n._({ id: 'admin.userForm.updated', message: 'User {name} updated successfully.', values: { name } }),
      );
    } catch (failure) {
      problem.fail(failure);
    }
  }

  return { values, bind, self, notice, submit, problem };
}
