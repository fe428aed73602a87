import { useState } from 'react';
import type { User } from '@btls/shared-api/schemas';
import {
  errorMessage,
  noticeText,
  pagedUsers,
  ROLES,
  useDeleteUser,
  useSendPasswordResetLink,
  useSetUserActive,
} from '@btls/shared-api';
import { Link, paths, useAuth, useI18n, useLocation, useSearchParams } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  ErrorBanner,
  SelectField,
  SuccessBanner,
  Table,
  TextField,
} from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/**
 * What the admin may do to `user` (docs/product.md §6): never deactivate or delete themself; delete hidden for admins. An
 * inactive user, an admin too, can be activated again: only deactivating is refused.
 */
export function allowedActions(user: User, me: Pick<User, 'id'>) {
  const self = user.id === me.id;
  return {
    toggle: !self,
    delete: !self && user.role !== 'admin',
  };
}

const FILTERS = ['q', 'role', 'status'] as const;

export function UsersPage() {
  const i18n = useI18n();
  const { user: me } = useAuth();
  const { confirm, dialog } = useDialog();
  const list = usePagedList(useSearchParams(), pagedUsers, FILTERS);
  const setActive = useSetUserActive();
  const deletion = useDeleteUser();
  const sendReset = useSendPasswordResetLink();
  const users = list.items;
  const [error, setError] = useState('');
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const loadError =
    list.error && /not authori[sz]ed|log in/i.test(list.error)
      ? i18n._({ id: 'admin.users.notAuthorized', message: 'Not authorized to fetch users. Please log in.' })
      : list.error;

  async function toggle(user: User) {
    setNotice('');
    try {
      const { user: updated } = await setActive.mutateAsync({ id: user.id, isActive: !user.isActive });
      list.setItems((rows) => rows.map((u) => (u.id === updated.id ? updated : u)));
      const name = `${updated.firstName} ${updated.lastName}`;
      setNotice(
        updated.isActive
          ? i18n._({ id: 'admin.users.nowActive', message: '{name} is now active.', values: { name } })
          : i18n._({ id: 'admin.users.nowInactive', message: '{name} is now inactive.', values: { name } }),
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function remove(user: User) {
    const question =
      user.role === 'admin'
        ? i18n._({
            id: 'admin.users.confirmDeleteAdmin',
            message: 'WARNING: You are about to delete an admin account. This cannot be undone. Continue?',
          })
        : user.role === 'employer'
          ? i18n._({
              id: 'admin.users.confirmDeleteEmployer',
              message: 'Are you sure you want to delete this employer? Their job postings will be deleted too.',
            })
          : i18n._({ id: 'admin.users.confirmDelete', message: 'Are you sure you want to delete this user?' });
    if (!(await confirm(question))) return;
    setNotice('');
    try {
      await deletion.mutateAsync({ id: user.id, deleteJobs: user.role === 'employer' });
      list.setItems((rows) => rows.filter((u) => u.id !== user.id));
      setNotice(i18n._({ id: 'admin.users.deleted', message: 'User deleted successfully.' }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /** The same e-mail as "Forgot password?"; the user's sign-ins stay until the link is used. */
  async function sendResetLink(user: User) {
    if (
      !(await confirm(
        i18n._({
          id: 'admin.users.confirmReset',
          message: 'Send a password reset link to {email}?',
          values: { email: user.email },
        }),
      ))
    )
      return;
    setNotice('');
    setError('');
    try {
      setNotice(noticeText(await sendReset.mutateAsync(user.id)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>{i18n._({ id: 'admin.users.title', message: 'Manage Users' })}</h1>
        <Link className={buttonClass()} to={paths.admin.newUser}>
          {i18n._({ id: 'admin.nav.addUser', message: 'Add User' })}
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      {(error || loadError) && (
        <ErrorBanner>
          {error || loadError}{' '}
          <Button variant="secondary" onClick={() => (setError(''), list.reload())}>
            {i18n._({ id: 'admin.retry', message: 'Retry' })}
          </Button>
        </ErrorBanner>
      )}
      <div className={styles.filters}>
        <TextField
          label={i18n._({ id: 'admin.users.search', message: 'Search users' })}
          type="search"
          placeholder={i18n._({ id: 'admin.users.searchHint', message: 'Name, e-mail or company' })}
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
        <SelectField
          label={i18n._({ id: 'admin.users.role', message: 'Role' })}
          value={list.filters.role}
          onChange={(e) => list.setFilter('role', e.target.value)}
        >
          <option value="">{i18n._({ id: 'admin.users.allRoles', message: 'All roles' })}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={i18n._({ id: 'admin.users.status', message: 'Status' })}
          value={list.filters.status}
          onChange={(e) => list.setFilter('status', e.target.value)}
        >
          <option value="">{i18n._({ id: 'admin.users.all', message: 'All' })}</option>
          <option value="active">{i18n._({ id: 'admin.users.active', message: 'Active' })}</option>
          <option value="inactive">{i18n._({ id: 'admin.users.inactive', message: 'Inactive' })}</option>
        </SelectField>
      </div>
      <ListStates
        items={users}
        error={list.error}
        loading={i18n._({ id: 'admin.users.loading', message: 'Loading users...' })}
        empty={i18n._({ id: 'admin.users.noMatch', message: 'No users match.' })}
      >
        {(rows) => (
          <Table
            caption={i18n._({ id: 'admin.nav.users', message: 'Users' })}
            rows={rows}
            rowKey={(u) => u.id}
            columns={[
              {
                header: i18n._({ id: 'admin.users.name', message: 'Name' }),
                cell: (u) => `${u.firstName} ${u.lastName}`,
              },
              { header: i18n._({ id: 'admin.users.email', message: 'Email' }), cell: (u) => u.email },
              { header: i18n._({ id: 'admin.users.role', message: 'Role' }), cell: (u) => u.role },
              {
                header: i18n._({ id: 'admin.users.status', message: 'Status' }),
                cell: (u) =>
                  u.isActive
                    ? i18n._({ id: 'admin.users.active', message: 'Active' })
                    : i18n._({ id: 'admin.users.inactive', message: 'Inactive' }),
              },
              {
                header: i18n._({ id: 'admin.jobs.actions', message: 'Actions' }),
                cell: (u) => (
                  <UserActions user={u} me={me} onToggle={toggle} onDelete={remove} onSendResetLink={sendResetLink} />
                ),
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'admin.nav.users', message: 'Users' })} />
      {dialog}
    </section>
  );
}

function UserActions({
  user,
  me,
  onToggle,
  onDelete,
  onSendResetLink,
}: {
  user: User;
  me: User | null;
  onToggle: (user: User) => Promise<void>;
  onDelete: (user: User) => Promise<void>;
  onSendResetLink: (user: User) => Promise<void>;
}) {
  const i18n = useI18n();
  const can = allowedActions(user, me ?? { id: -1 });
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className={styles.actions}>
      <Link
        to={paths.admin.editUser(user.id)}
        aria-label={i18n._({ id: 'admin.users.editOf', message: 'Edit {name}', values: { name } })}
      >
        {i18n._({ id: 'admin.users.edit', message: 'Edit' })}
      </Link>
      <button
        type="button"
        className={styles.linkButton}
        disabled={!can.toggle}
        onClick={() => void onToggle(user)}
        aria-label={
          user.isActive
            ? i18n._({ id: 'admin.jobs.deactivateOf', message: 'Deactivate {title}', values: { title: name } })
            : i18n._({ id: 'admin.jobs.activateOf', message: 'Activate {title}', values: { title: name } })
        }
      >
        {user.isActive
          ? i18n._({ id: 'admin.jobs.deactivate', message: 'Deactivate' })
          : i18n._({ id: 'admin.jobs.activate', message: 'Activate' })}
      </button>
      {user.isActive && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void onSendResetLink(user)}
          aria-label={i18n._({ id: 'admin.users.sendResetOf', message: 'Send reset link to {name}', values: { name } })}
        >
          {i18n._({ id: 'admin.users.sendReset', message: 'Send reset link' })}
        </button>
      )}
      {can.delete && (
        <button
          type="button"
          className={`${styles.linkButton} ${styles.danger}`}
          onClick={() => void onDelete(user)}
          aria-label={i18n._({ id: 'admin.users.deleteOf', message: 'Delete {name}', values: { name } })}
        >
          {i18n._({ id: 'admin.users.delete', message: 'Delete' })}
        </button>
      )}
    </span>
  );
}
