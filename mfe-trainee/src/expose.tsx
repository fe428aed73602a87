/** The trainee pages (login required, any role): dashboard, applying for a course, certificates. */
import { Route, Routes } from '@btls/shared-auth/router';
import { RequireAuth } from '@btls/shared-auth/guards';
import { ApplyPage } from './features/apply/apply-page';
import { CertificatePage } from './features/certificate/certificate-page';
import { DashboardPage } from './features/dashboard/dashboard-page';

export default function TraineeRoutes() {
  return (
    <RequireAuth>
      <Routes>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="apply-for-course" element={<ApplyPage />} />
        <Route path="certificate/:certificateCode" element={<CertificatePage />} />
      </Routes>
    </RequireAuth>
  );
}
