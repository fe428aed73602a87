/** The protected-page behaviour of docs/product.md §2: one place decides who may see a page. */
import type { ReactNode } from 'react';
import { Navigate, NavLink, useI18n, useLocation, useNavigate } from '@btls/kernel';
import type { Role } from '@btls/shared-api';
import { useAuth } from './session';
import { paths } from './paths';
import { isPanelPath, panelFor } from './roles';

/** Signed-in users only; others go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <p role="status">{i18n._({ id: 'common.authenticating', message: 'Authenticating...' })}</p>;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
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
 * signing in now goes to their own.
 */
export function useReturnPath(): (role: string | null | undefined) => string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
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
