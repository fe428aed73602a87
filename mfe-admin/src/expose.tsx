/** The admin area (/admin/*, admins only): users, courses, enrollment review, certificates, messages, job moderation, the e-mail outbox. */
import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, RequireRole, Route, Routes, useAuth, useLocation, usePanelSession } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { PanelUnavailable } from '@btls/shared-ui/panel-states';
import styles from './features/admin.module.css';
import { AdminDashboardPage, PlaceholderPage } from './features/dashboard/dashboard-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Each page is its own chunk, fetched when first shown.
const EditCoursePage = lazyPage(() => import('./features/courses/course-pages'), 'EditCoursePage');
const NewCoursePage = lazyPage(() => import('./features/courses/course-pages'), 'NewCoursePage');
const CoursesPage = lazyPage(() => import('./features/courses/courses-page'), 'CoursesPage');
const AssignTrainerPage = lazyPage(() => import('./features/enrollments/assign-trainer-page'), 'AssignTrainerPage');
const EnrollmentsPage = lazyPage(() => import('./features/enrollments/enrollments-page'), 'EnrollmentsPage');
const EnrollmentProgressPage = lazyPage(() => import('./features/enrollments/progress-page'), 'EnrollmentProgressPage');
const OutboxPage = lazyPage(() => import('./features/outbox/outbox-page'), 'OutboxPage');
const JobsPage = lazyPage(() => import('./features/jobs/jobs-page'), 'JobsPage');
const JobApplicationsPage = lazyPage(() => import('./features/jobs/job-applications-page'), 'JobApplicationsPage');
const MessagesPage = lazyPage(() => import('./features/messages/messages-page'), 'MessagesPage');
const EditUserPage = lazyPage(() => import('./features/users/user-forms'), 'EditUserPage');
const NewUserPage = lazyPage(() => import('./features/users/user-forms'), 'NewUserPage');
const UsersPage = lazyPage(() => import('./features/users/users-page'), 'UsersPage');

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/outbox', label: 'E-mail Outbox' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/users/new', label: 'Add User' },
  { to: '/admin/enrollments', label: 'Enrollments' },
  { to: '/admin/courses', label: 'Courses' },
  { to: '/admin/courses/new', label: 'Add Course' },
  { to: '/admin/jobs', label: 'Jobs' },
];

function AdminPanel({ children }: { children: ReactNode }) {
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

/** Spec §2: a signed-in non-admin opening /admin/users/new is told why, with the way back (elsewhere: redirected). */
function Unauthorized() {
  return (
    <main className={styles.alone}>
      <PanelUnavailable
        title="Unauthorized"
        message="You do not have permission to access this page."
        back={<Link to="/dashboard">Back to your dashboard</Link>}
      />
    </main>
  );
}

export default function AdminRoutes() {
  const { pathname } = useLocation();
  const { isAuthenticated, role } = useAuth();
  if (isAuthenticated && role !== 'admin' && pathname === '/admin/users/new') return <Unauthorized />;
  return (
    <RequireRole roles={['admin']}>
      <AdminPanel>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Routes>
            <Route path="admin" element={<Navigate to="/admin/dashboard" replace />} />
            <Route path="admin/dashboard" element={<AdminDashboardPage />} />
            <Route path="admin/messages" element={<MessagesPage />} />
            <Route path="admin/outbox" element={<OutboxPage />} />
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
            <Route path="admin/jobs" element={<JobsPage />} />
            <Route path="admin/jobs/:jobId/applications" element={<JobApplicationsPage />} />
            <Route path="admin/analytics" element={<PlaceholderPage title="Analytics" />} />
            <Route path="admin/settings" element={<PlaceholderPage title="Settings" />} />
            <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
          </Routes>
        </Suspense>
      </AdminPanel>
    </RequireRole>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders (issue 19). */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.ts'));
