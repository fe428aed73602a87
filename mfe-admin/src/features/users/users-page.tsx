import { useCallback, useEffect, useState } from 'react';
import type { User } from '@btls/shared-api/schemas';
import { deleteUser, listUsers, sendPasswordResetLink, setUserActive } from '@btls/shared-api';
import { Link, useAuth, useLocation } from '@btls/shared-auth';
import { Button, buttonClass, ErrorBanner, Spinner, SuccessBanner, Table, TextField } from '@btls/shared-ui/components';
import { useDialog } from '@btls/shared-ui/dialog';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import own from '../admin.module.css';

const styles = withPanelPage(own);

/** What the admin may do to `user` (spec §6): never deactivate or delete themself; delete hidden for admins. */
export function allowedActions(user: User, me: Pick<User, 'id'>) {
  const self = user.id === me.id;
  return {
    toggle: !self && !(user.role === 'admin' && !user.isActive),
    delete: !self && user.role !== 'admin',
  };
}

export function UsersPage() {
  const { user: me } = useAuth();
  const { confirm, dialog } = useDialog();
  const [users, setUsers] = useState<User[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');
  const [query, setQuery] = useState('');

  const load = useCallback(() => {
    setError('');
    setUsers(null);
    listUsers()
      .then(setUsers)
      .catch((failure: Error & { status?: number }) => {
        setUsers([]);
        setError(failure.status === 401 ? 'Not authorized to fetch users. Please log in.' : failure.message);
      });
  }, []);
  useEffect(load, [load]);

  async function toggle(user: User) {
    setNotice('');
    try {
      const { user: updated } = await setUserActive(user.id, !user.isActive);
      setUsers((list) => list?.map((u) => (u.id === updated.id ? updated : u)) ?? null);
      setNotice(`${updated.firstName} ${updated.lastName} is now ${updated.isActive ? 'active' : 'inactive'}.`);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function remove(user: User) {
    const question =
      user.role === 'admin'
        ? 'WARNING: You are about to delete an admin account. This cannot be undone. Continue?'
        : 'Are you sure you want to delete this user?';
    if (!(await confirm(question))) return;
    setNotice('');
    try {
      await deleteUser(user.id);
      setUsers((list) => list?.filter((u) => u.id !== user.id) ?? null);
      setNotice('User deleted successfully.');
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  /** The same e-mail as "Forgot password?"; the user's sign-ins stay until the link is used. */
  async function sendResetLink(user: User) {
    if (!(await confirm(`Send a password reset link to ${user.email}?`))) return;
    setNotice('');
    setError('');
    try {
      setNotice((await sendPasswordResetLink(user.id)).message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const q = query.trim().toLowerCase();
  const shown = (users ?? []).filter((u) => !q || `${u.firstName} ${u.lastName} ${u.email} ${u.role}`.toLowerCase().includes(q));

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>Manage Users</h1>
        <Link className={buttonClass()} to="/admin/users/new">
          Add User
        </Link>
      </div>
      <SuccessBanner>{notice}</SuccessBanner>
      {error && (
        <ErrorBanner>
          {error}{' '}
          <Button variant="secondary" onClick={load}>
            Retry
          </Button>
        </ErrorBanner>
      )}
      <TextField label="Search users" type="search" placeholder="Name, e-mail or role" value={query} onChange={(e) => setQuery(e.target.value)} />
      {users === null ? (
        <Spinner label="Loading users..." />
      ) : (
        <Table
          caption="Users"
          rows={shown}
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
      <Link to={`/admin/users/edit/${user.id}`} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <button type="button" className={styles.linkButton} disabled={!can.toggle} onClick={() => void onToggle(user)} aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${name}`}>
        {user.isActive ? 'Deactivate' : 'Activate'}
      </button>
      {user.isActive && (
        <button type="button" className={styles.linkButton} onClick={() => void onSendResetLink(user)} aria-label={`Send a reset link to ${name}`}>
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
