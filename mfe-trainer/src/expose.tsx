/** The trainer area (/trainer/*, trainers only): assigned students, progress records, completing trainings. */
import { RequireRole, usePanelSession } from '@btls/shared-auth/guards';
import { Navigate, Route, Routes } from '@btls/shared-auth/router';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { AssignedStudentsPage } from './features/assigned-students-page';
import { TrainerDashboardPage } from './features/dashboard-page';
import { TrainerProfilePage } from './features/profile-page';
import { StudentProgressPage } from './features/student-progress-page';

const NAV = [
  { to: '/trainer/dashboard', label: 'Dashboard' },
  { to: '/trainer/assigned-students', label: 'Assigned Students' },
  { to: '/trainer/profile', label: 'Profile' },
];

export default function TrainerRoutes() {
  const panel = usePanelSession();
  return (
    <RequireRole roles={['trainer']}>
      <PanelLayout title="Trainer Panel" nav={NAV} {...panel}>
        <Routes>
          <Route path="trainer/dashboard" element={<TrainerDashboardPage />} />
          <Route path="trainer/assigned-students" element={<AssignedStudentsPage />} />
          <Route path="trainer/profile" element={<TrainerProfilePage />} />
          <Route path="trainer/student-progress/:applicationId" element={<StudentProgressPage />} />
          <Route path="*" element={<Navigate to="/trainer/dashboard" replace />} />
        </Routes>
      </PanelLayout>
    </RequireRole>
  );
}
