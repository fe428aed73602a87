import { useEffect, useState, type FormEvent } from 'react';
import { createUser, listUsers, MIN_PASSWORD_LENGTH, ROLES, updateUser, validation } from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { Link, useAuth, useNavigate, useParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, SelectField, Spinner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

const onlyDigits = (v: string) => /^\d+$/.test(v.trim());

/** The create-user checks of spec §5, in its words; null when the form may be sent. */
export function newUserProblem(f: { firstName: string; lastName: string; email: string; password: string; role: string }): string | null {
  if (![f.firstName, f.lastName, f.email, f.password].every((v) => v.trim())) return validation.requiredFields;
  if (onlyDigits(f.firstName) || onlyDigits(f.lastName)) return validation.onlyNumbers;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) return validation.invalidEmail;
  if (f.password.length < MIN_PASSWORD_LENGTH) return validation.passwordTooShort;
  if (!(ROLES as readonly string[]).includes(f.role)) return validation.invalidRole;
  return null;
}

export function NewUserPage() {
  const { role } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', role: 'trainee', companyName: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (role !== 'admin') {
    return (
      <section className={styles.page}>
        <h1>Unauthorized</h1>
        <p>You do not have permission to access this page.</p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </section>
    );
  }
  const bind = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newUserProblem(form);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      const { companyName, ...rest } = form;
      const answer = await createUser({ ...rest, role: form.role as User['role'], ...(form.role === 'employer' ? { companyName } : {}) });
      navigate('/admin/users', { state: { notice: `User ${answer.user.firstName} ${answer.user.lastName} created.` } });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <section className={styles.page}>
      <h1>Add User</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
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
          <Link className={buttonClass('secondary')} to="/admin/users">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}

export function EditUserPage() {
  const { userId = '' } = useParams();
  const { user: me } = useAuth();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [form, setForm] = useState({ firstName: '', lastName: '', role: 'trainee' });
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    // The edit screen finds the user in the users list (spec §7), asking the paged list for that id alone.
    (/^\d+$/.test(userId) ? listUsers({ id: Number(userId) }) : Promise.resolve([]))
      .then((users) => {
        const found = users.find((u) => String(u.id) === userId) ?? null;
        setUser(found);
        if (found) setForm({ firstName: found.firstName, lastName: found.lastName, role: found.role });
      })
      .catch((failure: Error) => {
        setUser(null);
        setError(failure.message);
      });
  }, [userId]);

  if (user === undefined) return <Spinner label="Loading user..." />;
  if (user === null) {
    return (
      <section className={styles.page}>
        <h1>User Not Found</h1>
        <p>{error || `User with ID ${userId} not found.`}</p>
        <Link to="/admin/users">Back to users</Link>
      </section>
    );
  }
  const self = user.id === me?.id;
  const bind = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    if (![form.firstName, form.lastName, form.role].every((v) => v.trim())) return setError(validation.editUserRequired);
    if (!(ROLES as readonly string[]).includes(form.role)) return setError(validation.invalidRole);
    if (self && form.role !== 'admin') return setError(validation.ownRoleFromAdmin);
    setError('');
    try {
      const answer = await updateUser(user!.id, { ...form, role: form.role as User['role'] });
      setUser(answer.user);
      setNotice(`User ${answer.user.firstName} ${answer.user.lastName} updated successfully.`);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <section className={styles.page}>
      <h1>Edit User</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
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
          <Link className={buttonClass('secondary')} to="/admin/users">
            Back to users
          </Link>
        </div>
      </form>
    </section>
  );
}
