import { useState, type FormEvent } from 'react';
import {
  changePassword,
  errorMessage,
  noticeText,
  preferencesQuery,
  useQuery,
  useUpdateMyProfile,
  useUpdatePreferences,
} from '@btls/shared-api';
import type { PreferencesPayload } from '@btls/shared-api/schemas';
import { useAuth, useSessionStore } from './session';

/**
 * Changes the signed-in user's password. The server ends every other sign-in and answers a new token, which
 * replaces this session's, so the user stays signed in here. Resolves to the message to show.
 */
export function useChangePassword() {
  const signIn = useSessionStore((s) => s.signIn);
  return async (currentPassword: string, newPassword: string) => {
    const answer = await changePassword({ currentPassword, newPassword });
    signIn(answer);
    return noticeText(answer);
  };
}

/** The signed-in user's settings; `save` sends one change and shows what the server answers. */
export function usePreferences() {
  const loaded = useQuery(preferencesQuery());
  const update = useUpdatePreferences();
  const [failure, setError] = useState('');
  const [notice, setNotice] = useState('');
  async function save(change: PreferencesPayload) {
    setNotice('');
    setError('');
    try {
      setNotice(noticeText(await update.mutateAsync(change)));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  const error = failure || (loaded.error ? errorMessage(loaded.error) : '');
  return { preferences: loaded.data ?? null, error, notice, save };
}

/**
 * The name part of a profile page: both names required (`requiredMessage` otherwise), trimmed, saved with
 * PUT /users/me/profile and merged into the session.
 */
export function useNameForm(requiredMessage: string) {
  const { user, updateUser } = useAuth();
  const updateProfile = useUpdateMyProfile();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [notice, setNotice] = useState('');

  /** Saves the names; resolves why it was refused (the empty field, or the call's failure), or null. */
  async function save(event: FormEvent): Promise<NameRefusal | null> {
    event.preventDefault();
    setNotice('');
    if (!firstName.trim()) return { message: requiredMessage, field: 'firstName' };
    if (!lastName.trim()) return { message: requiredMessage, field: 'lastName' };
    try {
      const answer = await updateProfile.mutateAsync({ firstName: firstName.trim(), lastName: lastName.trim() });
      updateUser(answer.user);
      setNotice(noticeText(answer));
      return null;
    } catch (failure) {
      return { failure };
    }
  }

  return { user, firstName, setFirstName, lastName, setLastName, notice, save };
}

/** Why the name form was refused: a field left empty, or the call's failure (the server's words). */
export type NameRefusal = { message: string; field: 'firstName' | 'lastName' } | { failure: unknown };
