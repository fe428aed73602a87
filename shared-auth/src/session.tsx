/**
 * The one session store of the page (spec §4 "Auth"), persisted to btlsToken/btlsUser. Shared as a
 * federation singleton, so the shell and every remote read and change the same session.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import {
  account,
  configureApi,
  login as loginCall,
  registerTrainee,
  STORAGE_KEYS,
  type TraineeRegistration,
} from '@btls/shared-api';
import type { AuthAnswer, LoginPayload, User } from '@btls/shared-api/schemas';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  /** The browser refuses site data: the session cannot be kept, so nobody can sign in (issue 14, item 13). */
  storageBlocked: boolean;
  /** Start-up: restore when both keys exist; drop both when the stored user cannot be parsed. */
  restore(): void;
  /** Signs in when the answer carries a token and a user; returns whether it did (throws when storage is blocked). */
  signIn(answer: Partial<AuthAnswer>): boolean;
  signOut(): void;
  /** Merges profile changes into the current user and saves them. */
  updateUser(fields: Partial<User>): void;
}

/**
 * The browser's local storage, or null when it refuses site data (a privacy setting, some in-app browsers):
 * reading `localStorage` then throws. The site works signed out; signing in says why it cannot be kept.
 */
function siteStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(STORAGE_KEYS.token);
    return storage;
  } catch {
    return null;
  }
}

function clearStorage() {
  const storage = siteStorage();
  storage?.removeItem(STORAGE_KEYS.token);
  storage?.removeItem(STORAGE_KEYS.user);
}

export const useSessionStore = create<SessionState>((set, get) => ({
  status: 'loading',
  token: null,
  user: null,
  storageBlocked: false,
  restore() {
    const storage = siteStorage();
    if (!storage) return set({ status: 'signedOut', token: null, user: null, storageBlocked: true });
    const token = storage.getItem(STORAGE_KEYS.token);
    const storedUser = storage.getItem(STORAGE_KEYS.user);
    if (token && storedUser) {
      try {
        const user = JSON.parse(storedUser) as User;
        if (!user || typeof user !== 'object') throw new Error('not a user');
        set({ status: 'signedIn', token, user });
        return;
      } catch {
        console.error('Failed to parse user from localStorage');
        clearStorage();
      }
    }
    set({ status: 'signedOut', token: null, user: null });
  },
  signIn(answer) {
    if (!answer.token || !answer.user) return false;
    const storage = siteStorage();
    if (!storage) {
      set({ storageBlocked: true });
      throw new Error(account.siteDataBlocked);
    }
    storage.setItem(STORAGE_KEYS.token, answer.token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(answer.user));
    set({ status: 'signedIn', token: answer.token, user: answer.user });
    return true;
  },
  signOut() {
    clearStorage();
    set({ status: 'signedOut', token: null, user: null });
  },
  updateUser(fields) {
    const current = get().user;
    if (!current) return;
    const user = { ...current, ...fields };
    siteStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
}));

// The API client reads the token from this store, and a 401 to a call that carried it signs out cleanly.
configureApi({
  getToken: () => useSessionStore.getState().token,
  onUnauthorized: () => useSessionStore.getState().signOut(),
});

const AuthContext = createContext(false);

/**
 * Restores the session and renders nothing until that is done. A page rendered on the server is the
 * exception (`serverRendered`): the server cannot know the session, so it renders the page as the loading
 * phase shows it to everyone (public pages as to a visitor, protected ones as 'Authenticating...'), the browser
 * takes that over as it is, and the restored session then updates it.
 */
export function AuthProvider({ children, serverRendered = false }: { children: ReactNode; serverRendered?: boolean }) {
  const status = useSessionStore((s) => s.status);
  useEffect(() => {
    useSessionStore.getState().restore();
  }, []);
  if (status === 'loading' && !serverRendered) return null;
  return <AuthContext.Provider value={true}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  if (!useContext(AuthContext)) throw new Error('useAuth must be used within an AuthProvider');
  const { status, token, user, storageBlocked, signIn, signOut, updateUser } = useSessionStore();
  return {
    user,
    /** The browser refuses site data: signing in cannot be kept (the pages say so). */
    storageBlocked,
    token,
    role: user?.role ?? null,
    isAuthenticated: status === 'signedIn',
    isLoading: status === 'loading',
    /** A failed login clears any stored session (spec §4). */
    async login(payload: LoginPayload) {
      try {
        const answer = await loginCall(payload);
        signIn(answer);
        return answer;
      } catch (error) {
        signOut();
        throw error;
      }
    },
    /** Trainee sign-up: an answer with a token and a user signs in. */
    async register(payload: TraineeRegistration) {
      const answer = await registerTrainee(payload);
      signIn(answer);
      return answer;
    },
    logout: signOut,
    updateUser,
  };
}
