/** The trainer area (/trainer/*, trainers only): assigned students, progress records, completing trainings. */
import { Navigate, paths, RequireRole, Route, routePath, Routes } from '@btls/shared-auth';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { AreaPanel } from '@btls/shared-ui/panel-layout';
import { TrainerDashboardPage } from './features/dashboard-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Pages other than the landing one are their own chunks, fetched when first shown.
const AssignedStudentsPage = lazyPage(() => import('./features/assigned-students-page'), 'AssignedStudentsPage');
const TrainerProfilePage = lazyPage(() => import('./features/profile-page'), 'TrainerProfilePage');
const StudentProgressPage = lazyPage(() => import('./features/student-progress-page'), 'StudentProgressPage');

const NAV = [
  { to: paths.trainer.dashboard, label: /*i18n*/ { id: 'trainer.nav.dashboard', message: 'Dashboard' } },
  {
    to: paths.trainer.assignedStudents,
    label: /*i18n*/ { id: 'trainer.nav.assignedStudents', message: 'Assigned Students' },
  },
  { to: paths.trainer.profile, label: /*i18n*/ { id: 'trainer.nav.profile', message: 'Profile' } },
];

export default function TrainerRoutes() {
  return (
    <RequireRole roles={['trainer']}>
      <AreaPanel area="trainer" nav={NAV}>
        <Routes>
          <Route path={routePath(paths.trainer.dashboard)} element={<TrainerDashboardPage />} />
          <Route path={routePath(paths.trainer.assignedStudents)} element={<AssignedStudentsPage />} />
          <Route path={routePath(paths.trainer.profile)} element={<TrainerProfilePage />} />
          <Route path={routePath(paths.trainer.studentProgress)} element={<StudentProgressPage />} />
          <Route path="*" element={<Navigate to={paths.trainer.dashboard} replace />} />
        </Routes>
      </AreaPanel>
    </RequireRole>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.po'));
