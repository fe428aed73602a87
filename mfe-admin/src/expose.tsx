/** The admin area (/admin/*, admins only): users, courses, enrollment review, certificates, messages, job moderation, the e-mail outbox, the releases. */
import {
  Link,
  Navigate,
  paths,
  RequireRole,
  Route,
  routePath,
  Routes,
  useAuth,
  useI18n,
  useLocation,
} from '@btls/shared-auth';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { AreaPanel } from '@btls/shared-ui/panel-layout';
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
const ReleasesPage = lazyPage(() => import('./features/releases/releases-page'), 'ReleasesPage');
const JobsPage = lazyPage(() => import('./features/jobs/jobs-page'), 'JobsPage');
const JobApplicationsPage = lazyPage(() => import('./features/jobs/job-applications-page'), 'JobApplicationsPage');
const MessagesPage = lazyPage(() => import('./features/messages/messages-page'), 'MessagesPage');
const EditUserPage = lazyPage(() => import('./features/users/user-forms'), 'EditUserPage');
const NewUserPage = lazyPage(() => import('./features/users/user-forms'), 'NewUserPage');
const UsersPage = lazyPage(() => import('./features/users/users-page'), 'UsersPage');
const SettingsPage = lazyPage(() => import('./features/settings/settings-page'), 'SettingsPage');

const NAV = [
  { to: paths.admin.dashboard, label: /*i18n*/ { id: 'admin.nav.dashboard', message: 'Dashboard' } },
  { to: paths.admin.messages, label: /*i18n*/ { id: 'admin.nav.messages', message: 'Messages' } },
  { to: paths.admin.outbox, label: /*i18n*/ { id: 'admin.nav.outbox', message: 'E-mail Outbox' } },
  { to: paths.admin.users, label: /*i18n*/ { id: 'admin.nav.users', message: 'Users' } },
  { to: paths.admin.newUser, label: /*i18n*/ { id: 'admin.nav.addUser', message: 'Add User' } },
  { to: paths.admin.enrollments, label: /*i18n*/ { id: 'admin.nav.enrollments', message: 'Enrollments' } },
  { to: paths.admin.courses, label: /*i18n*/ { id: 'admin.nav.courses', message: 'Courses' } },
  { to: paths.admin.newCourse, label: /*i18n*/ { id: 'admin.nav.addCourse', message: 'Add Course' } },
  { to: paths.admin.jobs, label: /*i18n*/ { id: 'admin.nav.jobs', message: 'Jobs' } },
  { to: paths.admin.releases, label: /*i18n*/ { id: 'admin.nav.releases', message: 'Releases' } },
  { to: paths.admin.settings, label: /*i18n*/ { id: 'admin.nav.settings', message: 'Settings' } },
];

/** docs/product.md §2: a signed-in non-admin opening /admin/users/new is told why, with the way back (elsewhere: redirected). */
function Unauthorized() {
  const i18n = useI18n();
  return (
    <main className={styles.alone}>
      <PanelUnavailable
        title={i18n._({ id: 'admin.unauthorized.title', message: 'Unauthorized' })}
        message={i18n._({ id: 'admin.unauthorized.text', message: 'You do not have permission to access this page.' })}
        back={
          <Link to={paths.dashboard}>
            {i18n._({ id: 'admin.unauthorized.back', message: 'Back to your dashboard' })}
          </Link>
        }
      />
    </main>
  );
}

export default function AdminRoutes() {
  const i18n = useI18n();
  const { pathname } = useLocation();
  const { isAuthenticated, role } = useAuth();
  if (isAuthenticated && role !== 'admin' && pathname === paths.admin.newUser) return <Unauthorized />;
  return (
    <RequireRole roles={['admin']}>
      <AreaPanel area="admin" nav={NAV} noMobileTitleOn={paths.admin.dashboard}>
        <Routes>
          <Route path="admin" element={<Navigate to={paths.admin.dashboard} replace />} />
          <Route path={routePath(paths.admin.dashboard)} element={<AdminDashboardPage />} />
          <Route path={routePath(paths.admin.messages)} element={<MessagesPage />} />
          <Route path={routePath(paths.admin.outbox)} element={<OutboxPage />} />
          <Route path={routePath(paths.admin.releases)} element={<ReleasesPage />} />
          <Route path={routePath(paths.admin.users)} element={<UsersPage />} />
          <Route path={routePath(paths.admin.newUser)} element={<NewUserPage />} />
          <Route path={routePath(paths.admin.editUser)} element={<EditUserPage />} />
          <Route path={routePath(paths.admin.enrollments)} element={<EnrollmentsPage />} />
          <Route path={routePath(paths.admin.assignTrainer)} element={<AssignTrainerPage />} />
          <Route path={routePath(paths.admin.enrollmentProgress)} element={<EnrollmentProgressPage />} />
          <Route path={routePath(paths.admin.courses)} element={<CoursesPage />} />
          <Route path={routePath(paths.admin.newCourse)} element={<NewCoursePage />} />
          <Route path="admin/courses/edit" element={<EditCoursePage />} />
          <Route path={routePath(paths.admin.editCourse)} element={<EditCoursePage />} />
          <Route path={routePath(paths.admin.jobs)} element={<JobsPage />} />
          <Route path={routePath(paths.admin.jobApplications)} element={<JobApplicationsPage />} />
          <Route
            path={routePath(paths.admin.analytics)}
            element={<PlaceholderPage title={i18n._({ id: 'admin.analytics.title', message: 'Analytics' })} />}
          />
          <Route path={routePath(paths.admin.settings)} element={<SettingsPage />} />
          <Route path="*" element={<Navigate to={paths.admin.dashboard} replace />} />
        </Routes>
      </AreaPanel>
    </RequireRole>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.po'));
