import { useState, type FormEvent } from 'react';
import { errorMessage, ROLES, useCreateUser, userQuery, useSuspenseQuery, useUpdateUser, validation } from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useNavigate, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, SelectField, Spinner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** The server's rules (zod and the schemas, about 30 KiB gzip): loaded when a form is first touched. */
const loadRules = () => import('@btls/shared-api/schemas');

/** The sign-up rules of the contract (spec §5), in its words; null when the form may be sent. */
export async function newUserProblem(form: { firstName: string; lastName: string; email: string; password: string; role: string }) {
  const { checkForm, registerPayloadSchema } = await loadRules();
  const checked = checkForm(registerPayloadSchema, form);
  return 'problem' in checked ? checked.problem : null;
}

// Only admins reach the area's pages: the area's routes are behind RequireRole (see expose.tsx).
export function NewUserPage() {
  const navigate = useNavigate();
  const create = useCreateUser();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', role: 'trainee', companyName: '' });
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
      const answer = await create.mutateAsync({ ...rest, role: form.role as User['role'], ...(form.role === 'employer' ? { companyName } : {}) });
      navigate(paths.admin.users, { state: { notice: `User ${answer.user.firstName} ${answer.user.lastName} created.` } });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section className={styles.page}>
      <h1>Add User</h1>
      <form className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <ErrorBanner>{error}</ErrorBanner>
        <div className={styles.row}>
          <TextField label="First Name" required {...bind('firstName')} />
          <TextField label="Last Name" required {...bind('lastName')} />
        </div>
        <TextField label="Email" type="email" required {...bind('email')} />
        <TextField label="Password" type="password" required autoComplete="new-password" placeholder="min. 6 characters" {...bind('password')} />
        <SelectField label="Role" {...bind('role')}>
          {ROLES.map((r) => <option key={r}>{r}</option>)}
        </SelectField>
        {form.role === 'employer' && <TextField label="Company Name" {...bind('companyName')} />}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create User'}
          </Button>
          <Link className={buttonClass('secondary')} to={paths.admin.users}>
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}

export function EditUserPage() {
  const { userId = '' } = useParams();
  return (
    <QueryBoundary loading={<Spinner label="Loading user..." />} error={(message) => <UserNotFound text={message} />}>
      <EditUser id={userId} />
    </QueryBoundary>
  );
}

function UserNotFound({ text }: { text: string }) {
  return <PanelUnavailable title="User Not Found" message={text} back={<Link to={paths.admin.users}>Back to users</Link>} />;
}

function EditUser({ id }: { id: string }) {
  const { data: user } = useSuspenseQuery(userQuery(id));
  if (!user) return <UserNotFound text={`User with ID ${id} not found.`} />;
  return <EditUserForm user={user} />;
}

function EditUserForm({ user }: { user: User }) {
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
    if (self && form.role !== 'admin') return setError(validation.ownRoleFromAdmin);
    setError('');
    try {
      const answer = await update.mutateAsync({ id: user.id, ...checked.payload });
      setNotice(`User ${answer.user.firstName} ${answer.user.lastName} updated successfully.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <h1>Edit User</h1>
      <form className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <SuccessBanner>{notice}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <p>
          E-mail: <strong>{user.email}</strong> (cannot be changed)
        </p>
        <div className={styles.row}>
          <TextField label="First Name" required {...bind('firstName')} />
          <TextField label="Last Name" required {...bind('lastName')} />
        </div>
        <SelectField label="Role" disabled={self} {...bind('role')}>
          {ROLES.map((r) => <option key={r}>{r}</option>)}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit">Save Changes</Button>
          <Link className={buttonClass('secondary')} to={paths.admin.users}>
            Back to users
          </Link>
        </div>
      </form>
    </section>
  );
}
