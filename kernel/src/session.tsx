/**
 * The one session store of the page (docs/product.md §4 "Auth"), persisted to btlsToken/btlsUser. In the kernel, the
 * federation singleton, so the shell and every remote read and change the same session. Signing in and up
 * (the calls) are the contract's (`useAuth` in `@btls/shared-auth`); the store keeps what they answer.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { create } from 'zustand';
import { STORAGE_KEYS } from './basics';
import { cookieValue, setSiteCookie } from './cookies';
import { configureApi } from './http';

/**
 * What the session keeps of the signed-in user: the contract's `User` has more; the kernel needs these. The role
 * is the contract's word (`@btls/shared-auth` knows the roles): the kernel only keeps it.
 */
export interface SessionUser {
  id: number;
  role: string;
  firstName: string;
  [field: string]: unknown;
}

/** The answer of a sign-in or sign-up: a token and the user. */
export interface SessionAnswer {
  token?: string;
  user?: SessionUser;
}

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** The browser refuses site data: the session cannot be kept, so nobody can sign in. */
  storageBlocked: boolean;
  /** Start-up: restore when both keys exist; drop both when the stored user cannot be parsed. */
  restore(): void;
  /** Signs in when the answer carries a token and a user; returns whether it did (throws when storage is blocked). */
  signIn(answer: SessionAnswer): boolean;
  signOut(): void;
  /** Merges profile changes into the current user and saves them. */
  updateUser(fields: Partial<SessionUser>): void;
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
        const user = JSON.parse(storedUser) as SessionUser;
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
      // (What the user is told is the contract's: useAuth in @btls/shared-auth says it in their language.)
      throw new Error('This browser refuses site data: the session cannot be kept.');
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
  role: string;
  firstName: string;
}

export const SESSION_HINT_COOKIE = 'btlsWho';
/** A role's word as the contract writes them (`trainee`): the hint is only ever shown, and grants nothing. */
const isRole = (role: string) => /^[a-z]{1,20}$/.test(role);

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

function writeSessionHint(user: SessionUser | null) {
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

/** The session as a component sees it (`useAuth` in `@btls/shared-auth` adds signing in and up). */
export function useSession() {
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
    signIn,
    signOut,
    logout: signOut,
    updateUser,
  };
}
