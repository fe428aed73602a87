import { ROLES } from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { Link, paths, useAuth, useI18n } from '@btls/shared-auth';
import {
  Button,
  buttonClass,
  ErrorBanner,
  SelectField,
  SuccessBanner,
  Table,
  TextField,
} from '@btls/shared-ui/components';
import { Pager } from '@btls/shared-ui/paging';
import { withPanelPage } from '@btls/shared-ui/panel-page';
import { ListStates } from '@btls/shared-ui/panel-states';
import own from '../admin.module.css';
import { ROW_ITEM } from '@btls/shared-ui/focus-row';
import { ROLE_NAMES } from './role-names';
import { useUsersPage } from './use-users-page';

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

export function UsersPage() {
  const i18n = useI18n();
  const { user: me } = useAuth();
  const page = useUsersPage();
  const { list, error } = page;
  const users = list.items;
  const loadError =
    list.error && /not authori[sz]ed|log in/i.test(list.error)
      ? i18n._({ id: 'admin.users.notAuthorized', message: 'Not authorized to fetch users. Please log in.' })
      : list.error;

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <h1>{i18n._({ id: 'admin.users.title', message: 'Manage Users' })}</h1>
        <Link className={buttonClass()} to={paths.admin.newUser}>
          {i18n._({ id: 'admin.nav.addUser', message: 'Add User' })}
        </Link>
      </div>
      <SuccessBanner takeFocus={page.noticeTakesFocus}>{page.notice}</SuccessBanner>
      {(error || loadError) && (
        <ErrorBanner>
          {error || loadError}{' '}
          <Button variant="secondary" onClick={() => (page.clearError(), list.reload())}>
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
              {i18n._(ROLE_NAMES[role])}
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
              { header: i18n._({ id: 'admin.users.role', message: 'Role' }), cell: (u) => i18n._(ROLE_NAMES[u.role]) },
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
                  <UserActions
                    user={u}
                    me={me}
                    onToggle={page.toggle}
                    onDelete={page.remove}
                    onSendResetLink={page.sendResetLink}
                  />
                ),
              },
            ]}
          />
        )}
      </ListStates>
      <Pager list={list} label={i18n._({ id: 'admin.nav.users', message: 'Users' })} />
      {page.dialog}
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
    <span className={`${styles.actions} ${styles.rowEnd}`} {...{ [ROW_ITEM]: user.id }}>
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
