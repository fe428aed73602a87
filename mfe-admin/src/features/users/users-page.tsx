import { useState } from 'react';
import type { User } from '@btls/shared-api/schemas';
import { errorMessage, pagedLists, ROLES, useDeleteUser, useSendPasswordResetLink, useSetUserActive } from '@btls/shared-api';
import { Link, paths, useAuth, useLocation, useSearchParams } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, SelectField, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { Pager, usePagedList } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/**
 * What the admin may do to `user` (spec §6): never deactivate or delete themself; delete hidden for admins. An
 * inactive user, an admin too, can be activated again (issue 18): only deactivating is refused.
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
  const { user: me } = useAuth();
  const { confirm, dialog } = useDialog();
  const list = usePagedList(useSearchParams(), pagedLists.users, FILTERS);
  const setActive = useSetUserActive();
  const deletion = useDeleteUser();
  const sendReset = useSendPasswordResetLink();
  const users = list.items;
  const [error, setError] = useState('');
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const loadError =
    list.error && /not authori[sz]ed|log in/i.test(list.error) ? 'Not authorized to fetch users. Please log in.' : list.error;

  async function toggle(user: User) {
    setNotice('');
    try {
      const { user: updated } = await setActive.mutateAsync({ id: user.id, isActive: !user.isActive });
      list.setItems((rows) => rows.map((u) => (u.id === updated.id ? updated : u)));
      setNotice(`${updated.firstName} ${updated.lastName} is now ${updated.isActive ? 'active' : 'inactive'}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function remove(user: User) {
    const question =
      user.role === 'admin'
        ? 'WARNING: You are about to delete an admin account. This cannot be undone. Continue?'
        : user.role === 'employer'
          ? 'Are you sure you want to delete this employer? Their job postings will be deleted too.'
          : 'Are you sure you want to delete this user?';
    if (!(await confirm(question))) return;
    setNotice('');
    try {
      await deletion.mutateAsync({ id: user.id, deleteJobs: user.role === 'employer' });
      list.setItems((rows) => rows.filter((u) => u.id !== user.id));
      setNotice('User deleted successfully.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /** The same e-mail as "Forgot password?"; the user's sign-ins stay until the link is used. */
  async function sendResetLink(user: User) {
    if (!(await confirm(`Send a password reset link to ${user.email}?`))) return;
    setNotice('');
    setError('');
    try {
      setNotice((await sendReset.mutateAsync(user.id)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>Manage Users</h1>
        <Link className={buttonClass()} to={paths.admin.newUser}>
          Add User
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      {(error || loadError) && (
        <ErrorBanner>
          {error || loadError}{' '}
          <Button variant="secondary" onClick={() => (setError(''), list.reload())}>
            Retry
          </Button>
        </ErrorBanner>
      )}
      <div className={styles.filters}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, e-mail or company"
          value={list.filters.q}
          onChange={(e) => list.setFilter('q', e.target.value)}
        />
        <SelectField label="Role" value={list.filters.role} onChange={(e) => list.setFilter('role', e.target.value)}>
          <option value="">All roles</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
          <option value="">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
      </div>
      <ListStates items={users} error={list.error} loading="Loading users..." empty="No users match.">
        {(rows) => (
        <Table
          caption="Users"
          rows={rows}
          rowKey={(u) => u.id}
          columns={[
            { header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}` },
            { header: 'Email', cell: (u) => u.email },
            { header: 'Role', cell: (u) => u.role },
            { header: 'Status', cell: (u) => (u.isActive ? 'Active' : 'Inactive') },
            { header: 'Actions', cell: (u) => <UserActions user={u} me={me} onToggle={toggle} onDelete={remove} onSendResetLink={sendResetLink} /> },
          ]}
        />
        )}
      </ListStates>
      <Pager list={list} label="Users" />
      {dialog}
    </section>
  );
}

function UserActions({ user, me, onToggle, onDelete, onSendResetLink }: {
  user: User;
  me: User | null;
  onToggle: (user: User) => Promise<void>;
  onDelete: (user: User) => Promise<void>;
  onSendResetLink: (user: User) => Promise<void>;
}) {
  const can = allowedActions(user, me ?? { id: -1 });
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className={styles.actions}>
      <Link to={paths.admin.editUser(user.id)} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <button type="button" className={styles.linkButton} disabled={!can.toggle} onClick={() => void onToggle(user)} aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${name}`}>
        {user.isActive ? 'Deactivate' : 'Activate'}
      </button>
      {user.isActive && (
        <button type="button" className={styles.linkButton} onClick={() => void onSendResetLink(user)} aria-label={`Send reset link to ${name}`}>
          Send reset link
        </button>
      )}
      {can.delete && (
        <button type="button" className={`${styles.linkButton} ${styles.danger}`} onClick={() => void onDelete(user)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      )}
    </span>
  );
}
