/** The admin area (/admin/*, admins only). The screens themselves come with the admin-area issue. */
import { Navigate, Route, Routes } from '@btls/shared-auth/router';
import { RequireRole, usePanelSession } from '@btls/shared-auth/guards';
import { PanelLayout } from '@btls/shared-ui/panel-layout';

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/users/new', label: 'Add User' },
  { to: '/admin/enrollments', label: 'Enrollments' },
  { to: '/admin/courses', label: 'Courses' },
  { to: '/admin/courses/new', label: 'Add Course' },
];

const PAGES: [string, string][] = [
  ['dashboard', 'Admin Dashboard'],
  ['messages', 'Contact Messages'],
  ['users', 'Manage Users'],
  ['users/new', 'Add User'],
  ['users/edit/:userId', 'Edit User'],
  ['enrollments', 'Enrollment Applications'],
  ['enrollments/:applicationId/assign-trainer', 'Assign Trainer'],
  ['enrollments/:applicationId/progress', 'Student Progress'],
  ['courses', 'Manage Courses'],
  ['courses/new', 'Add Course'],
  ['courses/edit/:courseId', 'Edit Course'],
  ['analytics', 'Analytics'],
  ['settings', 'Settings'],
];

function AdminPanel({ children }: { children: React.ReactNode }) {
  const panel = usePanelSession();
  return (
    <PanelLayout
      title="Admin Panel"
      nav={NAV}
      {...panel}
      mobileTitle={panel.pathname === '/admin/dashboard' ? null : 'Admin Panel'}
    >
      {children}
    </PanelLayout>
  );
}

export default function AdminRoutes() {
  return (
    <RequireRole roles={['admin']}>
      <AdminPanel>
        <Routes>
          <Route path="admin" element={<Navigate to="/admin/dashboard" replace />} />
          {PAGES.map(([path, title]) => (
            <Route key={path} path={`admin/${path}`} element={<h1>{title}</h1>} />
          ))}
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Routes>
      </AdminPanel>
    </RequireRole>
  );
}
