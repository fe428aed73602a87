/** The trainer area (/trainer/*, trainers only): assigned students, progress records, completing trainings. */
import { Suspense } from 'react';
import { Navigate, RequireRole, Route, Routes, usePanelSession } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { TrainerDashboardPage } from './features/dashboard-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Pages other than the landing one are their own chunks, fetched when first shown.
const AssignedStudentsPage = lazyPage(() => import('./features/assigned-students-page'), 'AssignedStudentsPage');
const TrainerProfilePage = lazyPage(() => import('./features/profile-page'), 'TrainerProfilePage');
const StudentProgressPage = lazyPage(() => import('./features/student-progress-page'), 'StudentProgressPage');

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
        <Suspense fallback={<Spinner label="Loading..." />}>
          <Routes>
            <Route path="trainer/dashboard" element={<TrainerDashboardPage />} />
            <Route path="trainer/assigned-students" element={<AssignedStudentsPage />} />
            <Route path="trainer/profile" element={<TrainerProfilePage />} />
            <Route path="trainer/student-progress/:applicationId" element={<StudentProgressPage />} />
            <Route path="*" element={<Navigate to="/trainer/dashboard" replace />} />
          </Routes>
        </Suspense>
      </PanelLayout>
    </RequireRole>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders (issue 19). */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.ts'));
