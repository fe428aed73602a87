import { ROLES, userQuery, useSuspenseQuery } from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { Link, paths, useI18n, useParams } from '@btls/shared-auth';
import { Button, buttonClass, SelectField, Spinner, SuccessBanner, TextField } from '@btls/shared-ui/components';
import { FormProblem } from '@btls/shared-ui/form-problem';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import { QueryBoundary } from '@btls/shared-ui/query-boundary';
import own from '../admin.module.css';
import { ROLE_NAMES } from './role-names';
import { loadRules, useEditUserForm, useNewUserForm } from './use-user-forms';

const styles = withPanelPage(own);

// Only admins reach the area's pages: the area's routes are behind RequireRole (see expose.tsx).
export function NewUserPage() {
  const i18n = useI18n();
  const { values: form, bind, busy, submit, problem } = useNewUserForm();

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.nav.addUser', message: 'Add User' })}</h1>
      <form ref={problem.formRef} className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <FormProblem problem={problem.problem} />
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
            <option key={r} value={r}>
              {i18n._(ROLE_NAMES[r])}
            </option>
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
  const { bind, self, notice, submit, problem } = useEditUserForm(user);

  return (
    <section className={styles.page}>
      <h1>{i18n._({ id: 'admin.userForm.editTitle', message: 'Edit User' })}</h1>
      <form ref={problem.formRef} className={styles.card} onSubmit={submit} onFocus={() => void loadRules()} noValidate>
        <SuccessBanner>{notice}</SuccessBanner>
        <FormProblem problem={problem.problem} />
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
            <option key={r} value={r}>
              {i18n._(ROLE_NAMES[r])}
            </option>
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
