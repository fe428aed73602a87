/** The trainer area (/trainer/*, trainers only). The screens themselves come with the trainer-area issue. */
import { Navigate, Route, Routes } from '@btls/shared-auth/router';
import { RequireRole, usePanelSession } from '@btls/shared-auth/guards';
import { PanelLayout } from '@btls/shared-ui/panel-layout';

const NAV = [
  { to: '/trainer/dashboard', label: 'Dashboard' },
  { to: '/trainer/assigned-students', label: 'Assigned Students' },
  { to: '/trainer/profile', label: 'Profile' },
];

export default function TrainerRoutes() {
  const panel = usePanelSession();
  return (
    <RequireRole roles={['trainer']}>
      <PanelLayout
        title="Trainer Panel"
        nav={NAV}
        {...panel}
      >
        <Routes>
          <Route path="trainer/dashboard" element={<h1>Trainer Dashboard</h1>} />
          <Route path="trainer/assigned-students" element={<h1>Assigned Students</h1>} />
          <Route path="trainer/profile" element={<h1>My Profile</h1>} />
          <Route path="trainer/student-progress/:applicationId" element={<h1>Manage Student Progress</h1>} />
          <Route path="*" element={<Navigate to="/trainer/dashboard" replace />} />
        </Routes>
      </PanelLayout>
    </RequireRole>
  );
}
