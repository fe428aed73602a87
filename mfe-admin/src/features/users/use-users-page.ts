/**
 * The state and writes of the admin's users list: its search, role, status and page (in the address, checked
 * against what the page offers), and what a row's buttons do — activate or deactivate, send a reset link, delete
 * after a confirmation — with the message each leaves. The page (users-page.tsx) shows them.
 */
import { useState } from 'react';
import {
  errorMessage,
  noticeText,
  pagedUsers,
  ROLES,
  useDeleteUser,
  useSendPasswordResetLink,
  useSetUserActive,
} from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { useI18n, useLocation } from '@btls/shared-auth';
import { useDialog } from '@btls/shared-ui/dialog';
import { SEARCH, useCheckedPagedList } from '@btls/shared-ui/address-filters';
import { useFocusAfterChange } from '../focus-after-change';

const FILTERS = { q: SEARCH, role: ROLES, status: ['active', 'inactive'] } as const;

export function useUsersPage() {
  const i18n = useI18n();
  const { confirm, dialog } = useDialog();
  const list = useCheckedPagedList(FILTERS, pagedUsers);
  const setActive = useSetUserActive();
  const deletion = useDeleteUser();
  const sendReset = useSendPasswordResetLink();
  const focus = useFocusAfterChange(list.items);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState((useLocation().state as { notice?: string } | null)?.notice ?? '');

  /** Each write clears the last message first, and leaves its own (what it did, or why it could not). */
  async function write(run: () => Promise<string>) {
    setNotice('');
    setError('');
    try {
      setNotice(await run());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  /**
   * No question: the button says what it does, and the same button undoes it. A list of one status loses the
   * row, and the focus goes to the message.
   */
  function toggle(user: User) {
    focus.before(user.id);
    return write(async () => {
      const { user: updated } = await setActive.mutateAsync({ id: user.id, isActive: !user.isActive });
      list.setItems((rows) => rows.map((u) => (u.id === updated.id ? updated : u)));
      focus.after();
      const name = `${updated.firstName} ${updated.lastName}`;
      return updated.isActive
        ? i18n._({ id: 'admin.users.nowActive', message: '{name} is now active.', values: { name } })
        : i18n._({ id: 'admin.users.nowInactive', message: '{name} is now inactive.', values: { name } });
    });
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
    focus.before(user.id);
    await write(async () => {
      await deletion.mutateAsync({ id: user.id, deleteJobs: user.role === 'employer' });
      list.setItems((rows) => rows.filter((u) => u.id !== user.id));
      focus.after();
      return i18n._({ id: 'admin.users.deleted', message: 'User deleted successfully.' });
    });
  }

  /** The same e-mail as "Forgot password?"; the user's sign-ins stay until the link is used. */
  async function sendResetLink(user: User) {
    const question = i18n._({
      id: 'admin.users.confirmReset',
      message: 'Send a password reset link to {email}?',
      values: { email: user.email },
    });
    if (!(await confirm(question))) return;
    await write(async () => noticeText(await sendReset.mutateAsync(user.id)));
  }

  return {
    list,
    notice,
    noticeTakesFocus: focus.noticeTakesFocus,
    error,
    clearError: () => setError(''),
    toggle,
    remove,
    sendResetLink,
    dialog,
  };
}
