import { useState, type FormEvent } from 'react';
import {
  errorMessage,
  ROLES,
  useCreateUser,
  userQuery,
  userValidation,
  useSuspenseQuery,
  useUpdateUser,
} from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n, useNavigate, useParams } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  ErrorBanner,
  SelectField,
  Spinner,
  SuccessBanner,
  TextField,
} from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

/** The sign-up rules of the contract (docs/product.md §5), in its words; null when the form may be sent. */
export async function newUserProblem(form: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
}) {
  const { checkForm, registerPayloadSchema } = await loadRules();
  const checked = checkForm(registerPayloadSchema, form);
  return 'problem' in checked ? checked.problem : null;
}

// Only admins reach the area's pages: the area's routes are behind RequireRole (see expose.tsx).
export function NewUserPage() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const create = useCreateUser();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    role: 'trainee',
    companyName: '',
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = await newUserProblem(form);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      const { companyName, ...rest } = form;
      const answer = await create.mutateAsync({
        ...rest,
        role: form.role as User['role'],
        ...(form.role === 'employer' ? { companyName } : {}),
      });
      const name = `${answer.user.firstName} ${answer.user.lastName}`;
      navigate(paths.admin.users, {
        state: { notice: i18n._({ id: 'admin.userForm.created', message: 'User {name} created.', values: { name } }) },
      });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.nav.addUser', message: 'Add User' })}</h1>
      <form className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={styles.row}>
          <TextField
            label={i18n._({ id: 'admin.userForm.firstName', message: 'First Name' })}
            required
            {...bind('firstName')}
          />
          <TextField
            label={i18n._({ id: 'admin.userForm.lastName', message: 'Last Name' })}
            required
            {...bind('lastName')}
          />
        </div>
        <TextField
          label={i18n._({ id: 'admin.users.email', message: 'Email' })}
          type="email"
          required
          {...bind('email')}
        />
        <TextField
          label={i18n._({ id: 'admin.userForm.password', message: 'Password' })}
          type="password"
          required
          autoComplete="new-password"
          placeholder={i18n._({ id: 'admin.userForm.passwordHint', message: 'min. 6 characters' })}
          {...bind('password')}
        />
        <SelectField label={i18n._({ id: 'admin.users.role', message: 'Role' })} {...bind('role')}>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </SelectField>
        {form.role === 'employer' && (
          <TextField
            label={i18n._({ id: 'admin.userForm.companyName', message: 'Company Name' })}
            {...bind('companyName')}
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy
              ? i18n._({ id: 'admin.userForm.creating', message: 'Creating...' })
              : i18n._({ id: 'admin.userForm.create', message: 'Create User' })}
          </Button>
          <Link className={buttonClass('secondary')} to={paths.admin.users}>
            {i18n._({ id: 'admin.cancel', message: 'Cancel' })}
          </Link>
        </div>
      </form>
    </section>
  );
}

export function EditUserPage() {
  const i18n = useI18n();
  const { userId = '' } = useParams();
  return (
    <QueryBoundary
      loading={<Spinner label={i18n._({ id: 'admin.userForm.loading', message: 'Loading user...' })} />}
      error={(message) => <UserNotFound text={message} />}
    >
      <EditUser id={userId} />
    </QueryBoundary>
  );
}

function UserNotFound({ text }: { text: string }) {
  const i18n = useI18n();
  return (
    <PanelUnavailable
      title={i18n._({ id: 'admin.userForm.notFound', message: 'User Not Found' })}
      message={text}
      back={<Link to={paths.admin.users}>{i18n._({ id: 'admin.userForm.back', message: 'Back to users' })}</Link>}
    />
  );
}

function EditUser({ id }: { id: string }) {
  const i18n = useI18n();
  const { data: user } = useSuspenseQuery(userQuery(id));
  if (!user)
    return (
      <UserNotFound
        text={i18n._({ id: 'admin.userForm.notFoundId', message: 'User with ID {id} not found.', values: { id } })}
      />
    );
  return <EditUserForm user={user} />;
}

function EditUserForm({ user }: { user: User }) {
  const i18n = useI18n();
  const { user: me } = useAuth();
  const update = useUpdateUser();
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, role: user.role as string });
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const self = user.id === me?.id;
  const bind = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const { checkForm, userUpdatePayloadSchema } = await loadRules();
    const checked = checkForm(userUpdatePayloadSchema, form);
    if ('problem' in checked) return setError(checked.problem);
    if (self && form.role !== 'admin') return setError(userValidation.ownRoleFromAdmin);
    setError('');
    try {
      const answer = await update.mutateAsync({ id: user.id, ...checked.payload });
      const name = `${answer.user.firstName} ${answer.user.lastName}`;
      setNotice(
        i18n._({ id: 'admin.userForm.updated', message: 'User {name} updated successfully.', values: { name } }),
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.userForm.editTitle', message: 'Edit User' })}</h1>
      <form className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <p>
          {i18n._({ id: 'admin.userForm.emailLabel', message: 'E-mail:' })} <strong>{user.email}</strong>{' '}
          {i18n._({ id: 'admin.userForm.emailFixed', message: '(cannot be changed)' })}
        </p>
        <div className={styles.row}>
          <TextField
            label={i18n._({ id: 'admin.userForm.firstName', message: 'First Name' })}
            required
            {...bind('firstName')}
          />
          <TextField
            label={i18n._({ id: 'admin.userForm.lastName', message: 'Last Name' })}
            required
            {...bind('lastName')}
          />
        </div>
        <SelectField label={i18n._({ id: 'admin.users.role', message: 'Role' })} disabled={self} {...bind('role')}>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit">{i18n._({ id: 'admin.saveChanges', message: 'Save Changes' })}</Button>
          <Link className={buttonClass('secondary')} to={paths.admin.users}>
            {i18n._({ id: 'admin.userForm.back', message: 'Back to users' })}
          </Link>
        </div>
      </form>
    </section>
  );
}
