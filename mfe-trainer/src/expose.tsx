/** The trainer area (/trainer/*, trainers only): assigned students, progress records, completing trainings. */
import { Suspense } from 'react';
import { Navigate, paths, RequireRole, Route, routePath, Routes, usePanelSession } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { TrainerDashboardPage } from './features/dashboard-page';

// Pages other than the landing one are their own chunks, fetched when first shown.
const AssignedStudentsPage = lazyPage(() => import('./features/assigned-students-page'), 'AssignedStudentsPage');
const TrainerProfilePage = lazyPage(() => import('./features/profile-page'), 'TrainerProfilePage');
const StudentProgressPage = lazyPage(() => import('./features/student-progress-page'), 'StudentProgressPage');

const NAV = [
  { to: paths.trainer.dashboard, label: 'Dashboard' },
  { to: paths.trainer.assignedStudents, label: 'Assigned Students' },
  { to: paths.trainer.profile, label: 'Profile' },
];

export default function TrainerRoutes() {
  const panel = usePanelSession();
  return (
    <RequireRole roles={['trainer']}>
      <PanelLayout title="Trainer Panel" nav={NAV} {...panel}>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Routes>
            <Route path={routePath(paths.trainer.dashboard)} element={<TrainerDashboardPage />} />
            <Route path={routePath(paths.trainer.assignedStudents)} element={<AssignedStudentsPage />} />
            <Route path={routePath(paths.trainer.profile)} element={<TrainerProfilePage />} />
            <Route path={routePath(paths.trainer.studentProgress)} element={<StudentProgressPage />} />
            <Route path="*" element={<Navigate to={paths.trainer.dashboard} replace />} />
          </Routes>
        </Suspense>
      </PanelLayout>
    </RequireRole>
  );
}
