/** The admin area (/admin/*, admins only): users, courses, enrollment review, certificates, messages. */
import type { ReactNode } from 'react';
import { RequireRole, usePanelSession } from '@btls/shared-auth/guards';
import { Navigate, Route, Routes } from '@btls/shared-auth/router';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { EditCoursePage, NewCoursePage } from './features/courses/course-pages';
import { CoursesPage } from './features/courses/courses-page';
import { AdminDashboardPage, PlaceholderPage } from './features/dashboard/dashboard-page';
import { AssignTrainerPage } from './features/enrollments/assign-trainer-page';
import { EnrollmentsPage } from './features/enrollments/enrollments-page';
import { EnrollmentProgressPage } from './features/enrollments/progress-page';
import { MessagesPage } from './features/messages/messages-page';
import { EditUserPage, NewUserPage } from './features/users/user-forms';
import { UsersPage } from './features/users/users-page';

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/users/new', label: 'Add User' },
  { to: '/admin/enrollments', label: 'Enrollments' },
  { to: '/admin/courses', label: 'Courses' },
  { to: '/admin/courses/new', label: 'Add Course' },
];

function AdminPanel({ children }: { children: ReactNode }) {
  const panel = usePanelSession();
  return (
    <PanelLayout title="Admin Panel" nav={NAV} {...panel} mobileTitle={panel.pathname === '/admin/dashboard' ? null : 'Admin Panel'}>
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
          <Route path="admin/dashboard" element={<AdminDashboardPage />} />
          <Route path="admin/messages" element={<MessagesPage />} />
          <Route path="admin/users" element={<UsersPage />} />
          <Route path="admin/users/new" element={<NewUserPage />} />
          <Route path="admin/users/edit/:userId" element={<EditUserPage />} />
          <Route path="admin/enrollments" element={<EnrollmentsPage />} />
          <Route path="admin/enrollments/:applicationId/assign-trainer" element={<AssignTrainerPage />} />
          <Route path="admin/enrollments/:applicationId/progress" element={<EnrollmentProgressPage />} />
          <Route path="admin/courses" element={<CoursesPage />} />
          <Route path="admin/courses/new" element={<NewCoursePage />} />
          <Route path="admin/courses/edit" element={<EditCoursePage />} />
          <Route path="admin/courses/edit/:courseId" element={<EditCoursePage />} />
          <Route path="admin/analytics" element={<PlaceholderPage title="Analytics" />} />
          <Route path="admin/settings" element={<PlaceholderPage title="Settings" />} />
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Routes>
      </AdminPanel>
    </RequireRole>
  );
}
