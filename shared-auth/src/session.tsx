/**
 * The one session store of the page (spec §4 "Auth"), persisted to btlsToken/btlsUser. Shared as a
 * federation singleton, so the shell and every remote read and change the same session.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { create } from 'zustand';
import {
  account,
  configureApi,
  cookieValue,
  login as loginCall,
  registerTrainee,
  ROLES,
  setSiteCookie,
  STORAGE_KEYS,
  type Role,
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

/**
 * What a page shows of the session before the browser has restored it: the role and first name. A cookie
 * beside the stored session carries them, so the server renders a signed-in user's page as they will see it
 * (their name and panel link in the top bar, not 'Login', their button labels) and nothing moves or changes
 * under their thumb when the session is restored. It grants nothing: the token never leaves the browser's
 * storage, and every API call still carries it. The page that holds it is personal (not kept by a CDN).
 */
export interface SessionHint {
  role: Role;
  firstName: string;
}

export const SESSION_HINT_COOKIE = 'btlsWho';
const isRole = (role: string | undefined): role is Role => (ROLES as readonly string[]).includes(role!);

/** The hint in a Cookie header (or `document.cookie`), or null when there is none or it is not one. */
export function sessionHintOf(cookies: string | undefined | null): SessionHint | null {
  const value = cookieValue(cookies, SESSION_HINT_COOKIE) ?? '';
  const dot = value.indexOf('.');
  const role = value.slice(0, dot);
  if (dot < 0 || !isRole(role) || value.length - dot - 1 > 300) return null;
  try {
    const firstName = decodeURIComponent(value.slice(dot + 1));
    return firstName.trim() ? { role, firstName } : null;
  } catch {
    return null; // not percent-encoded as we write it
  }
}

function writeSessionHint(user: User | null) {
  const name = user ? encodeURIComponent(user.firstName) : '';
  // A name too long for the hint gets none: the page then comes as a visitor's, never with half a name.
  setSiteCookie(SESSION_HINT_COOKIE, user && isRole(user.role) && name.length <= 300 ? `${user.role}.${name}` : null);
}

// The hint follows the session: written when it is restored or begins, changed with the name, gone with it.
useSessionStore.subscribe((now, before) => {
  if (now.status === 'loading') return;
  const shown = (state: SessionState) =>
    state.status === 'signedIn' ? `${state.user?.role}.${state.user?.firstName}` : '';
  if (before.status === 'loading' || shown(now) !== shown(before))
    writeSessionHint(now.status === 'signedIn' ? now.user : null);
});

// The API client reads the token from this store, and a 401 to a call that carried it signs out cleanly.
configureApi({
  getToken: () => useSessionStore.getState().token,
  onUnauthorized: () => useSessionStore.getState().signOut(),
});

const AuthContext = createContext<{ hint: SessionHint | null } | null>(null);

/**
 * Restores the session and renders nothing until that is done. A page rendered on the server is the
 * exception (`serverRendered`): the server cannot know the session, so it renders the page as the loading
 * phase shows it to everyone (public pages as to a visitor, protected ones as 'Authenticating...'), the browser
 * takes that over as it is, and the restored session then updates it.
 */
export function AuthProvider({
  children,
  serverRendered = false,
  hint = null,
}: {
  children: ReactNode;
  serverRendered?: boolean;
  /** A server-rendered page: the session hint it was rendered for (the request's cookie; in the browser, the page's data). */
  hint?: SessionHint | null;
}) {
  const status = useSessionStore((s) => s.status);
  useEffect(() => {
    useSessionStore.getState().restore();
  }, []);
  const value = useMemo(() => ({ hint }), [hint]);
  if (status === 'loading' && !serverRendered) return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  const { status, token, user, storageBlocked, signIn, signOut, updateUser } = useSessionStore();
  return {
    user,
    /**
     * Who the page shows as signed in: the user, or while a server-rendered page waits for the session to be
     * restored, the request's hint. For what is shown only (a name, a label); `isAuthenticated` and `role`
     * decide what the user may do.
     */
    shown: status === 'loading' ? context.hint : user ? { role: user.role, firstName: user.firstName } : null,
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
