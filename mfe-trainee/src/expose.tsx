import { Suspense } from 'react';
/** The trainee pages (login required, any role): dashboard, applying for a course or a job, certificates, profile. */
import { paths, RequireAuth, Route, routePath, Routes, useI18n } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Pages other than the landing one are their own chunks, fetched when first shown.
const ApplyPage = lazyPage(() => import('./features/apply/apply-page'), 'ApplyPage');
const CertificatePage = lazyPage(() => import('./features/certificate/certificate-page'), 'CertificatePage');
const ApplyJobPage = lazyPage(() => import('./features/jobs/apply-job-page'), 'ApplyJobPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page'), 'ProfilePage');

export default function TraineeRoutes() {
  const i18n = useI18n();
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={i18n._({ id: 'common.loading', message: 'Loading...' })} />}>
        <Routes>
          <Route path={routePath(paths.dashboard)} element={<DashboardPage />} />
          <Route path={routePath(paths.applyForCourse)} element={<ApplyPage />} />
          <Route path={routePath(paths.applyForJob)} element={<ApplyJobPage />} />
          <Route path={routePath(paths.certificate)} element={<CertificatePage />} />
          <Route path={routePath(paths.profile)} element={<ProfilePage />} />
        </Routes>
      </Suspense>
    </RequireAuth>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.ts'));
