import { useCallback, useEffect, useState } from 'react';
import type { User } from '@btls/shared-api/schemas';
import { deleteUser, listUsers, setUserActive } from '@btls/shared-api/users';
import { Link, useLocation } from '@btls/shared-auth/router';
import { useAuth } from '@btls/shared-auth/session';
import { Button, buttonClass, ErrorBanner, Spinner, SuccessBanner, tableClass, TextField } from '@btls/shared-ui/components';
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
        <table className={tableClass}>
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((u) => {
              const can = allowedActions(u, me ?? { id: -1 });
              const name = `${u.firstName} ${u.lastName}`;
              return (
                <tr key={u.id}>
                  <td data-label="Name">{name}</td>
                  <td data-label="Email">{u.email}</td>
                  <td data-label="Role">{u.role}</td>
                  <td data-label="Status">{u.isActive ? 'Active' : 'Inactive'}</td>
                  <td data-label="Actions">
                    <span className={styles.actions}>
                      <Link to={`/admin/users/edit/${u.id}`} aria-label={`Edit ${name}`}>
                        Edit
                      </Link>
                      <button type="button" className={styles.linkButton} disabled={!can.toggle} onClick={() => void toggle(u)} aria-label={`${u.isActive ? 'Deactivate' : 'Activate'} ${name}`}>
                        {u.isActive ? 'Deactivate' : 'Activate'}
                      </button>
                      {can.delete && (
                        <button type="button" className={`${styles.linkButton} ${styles.danger}`} onClick={() => void remove(u)} aria-label={`Delete ${name}`}>
                          Delete
                        </button>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {dialog}
    </section>
  );
}
