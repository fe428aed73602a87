import { useEffect, useState } from 'react';
import { changePassword, getMyPreferences, updateMyPreferences } from '@btls/shared-api';
import type { Preferences, PreferencesPayload } from '@btls/shared-api/schemas';
import { useSessionStore } from './session';

/**
 * Changes the signed-in user's password. The server ends every other sign-in and answers a new token, which
 * replaces this session's, so the user stays signed in here. Resolves to the message to show.
 */
export function useChangePassword() {
  const signIn = useSessionStore((s) => s.signIn);
  return async (currentPassword: string, newPassword: string) => {
    const answer = await changePassword({ currentPassword, newPassword });
    signIn(answer);
    return answer.message;
  };
}

/** The signed-in user's settings, loaded once; `save` sends one change and keeps what the server answers. */
export function usePreferences() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    let current = true;
    getMyPreferences().then(
      (loaded) => current && setPreferences(loaded),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, []);
  async function save(change: PreferencesPayload) {
    setNotice('');
    setError('');
    try {
      const answer = await updateMyPreferences(change);
      setPreferences(answer.preferences);
      setNotice(answer.message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }
  return { preferences, error, notice, save };
}
