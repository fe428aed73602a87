/** The protected-page behaviour of docs/product.md §2: one place decides who may see a page. */
import type { ReactNode } from 'react';
import { Navigate, NavLink, useI18n, useLocation, useNavigate } from '@btls/kernel';
import type { Role } from '@btls/shared-api';
import { useAuth } from './session';
import { paths } from './paths';
import { isPanelPath, panelFor } from './roles';

/**
 * Signed-in users only; others go to /login, which sends them back here afterwards. A visitor on the way to a
 * course's application goes to the page that names the course and leads with creating an account instead (most
 * such visitors have none), which sends them back here too.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <p role="status">{i18n._({ id: 'common.authenticating', message: 'Authenticating...' })}</p>;
  if (!isAuthenticated) return <Navigate to={wayInFor(location)} replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Where a visitor signs in on the way to `location`: the course's own page for its application, else /login. */
function wayInFor(location: { pathname: string; search: string }): string {
  if (location.pathname !== paths.applyForCourse) return paths.login;
  const courseId = new URLSearchParams(location.search).get('courseId');
  return courseId && /^[1-9][0-9]{0,9}$/.test(courseId) ? paths.enroll(courseId) : paths.login;
}

/**
 * The page a visitor is on the way to, for a link that has no history state to carry it (a server-rendered
 * page, a page opened anew): `?next=` of the address, a path of this site only, never a panel.
 */
export function nextOf(search: string): { pathname: string; search: string } | undefined {
  const next = new URLSearchParams(search).get('next');
  // Only a path of this site: one slash, then not a second one or a backslash (never another host).
  if (!next || !/^\/(?![/\\])/.test(next)) return undefined;
  const url = new URL(next, 'http://site.invalid');
  // The parse takes dot segments out ('/.//evil' is '//evil'), which the history would then read as another host.
  if (url.origin !== 'http://site.invalid' || !/^\/(?![/\\])/.test(url.pathname) || isPanelPath(url.pathname))
    return undefined;
  return { pathname: url.pathname, search: url.search };
}

/** The `?next=` that brings a visitor back to `to` (a path of this site) after signing in or registering. */
export function nextSearch(to: string): string {
  return `?${new URLSearchParams({ next: to }).toString()}`;
}

/** Signed-in users with one of `roles`; a wrong role goes to /dashboard (or / when already there). */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { role } = useAuth();
  const location = useLocation();
  return (
    <RequireAuth>
      {role && roles.includes(role) ? (
        children
      ) : (
        <Navigate to={location.pathname === paths.dashboard ? '/' : paths.dashboard} replace />
      )}
    </RequireAuth>
  );
}

/**
 * Where signing in sends a user: the remembered page they were on the way to, else their own panel (a trainee's
 * dashboard, an admin's, a trainer's, an employer's), never a page with one more button to it. A panel remembered
 * is not a page on the way: it is where the last session ended (a trainee signed out on /dashboard), so the user
 * signing in now goes to their own. The page on the way is the history's (`from`, put there by the guard), else
 * the address's `?next=` (a link of a server-rendered page).
 */
export function useReturnPath(): (role: string | null | undefined) => string {
  const location = useLocation();
  const from =
    (location.state as { from?: { pathname?: string; search?: string } } | null)?.from ?? nextOf(location.search);
  return (role) =>
    from?.pathname && !isPanelPath(from.pathname) ? `${from.pathname}${from.search ?? ''}` : panelFor(role).path;
}

/** What a panel layout needs from the session and the router: the user, Logout (→ /login), links, path. */
export function usePanelSession() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return {
    user,
    pathname,
    NavLink,
    onLogout() {
      logout();
      navigate(paths.login);
    },
  };
}
