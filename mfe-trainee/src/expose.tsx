/** The trainee pages (login required, any role): dashboard, applying for a course or a job, certificates, profile. */
import { Suspense, type ComponentType } from 'react';
import { paths, RequireAuth, Route, Routes, useI18n } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Pages other than the landing one are their own chunks, fetched when first shown.
const ApplyPage = lazyPage(() => import('./features/apply/apply-page'), 'ApplyPage');
const CertificatePage = lazyPage(() => import('./features/certificate/certificate-page'), 'CertificatePage');
const ApplyJobPage = lazyPage(() => import('./features/jobs/apply-job-page'), 'ApplyJobPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page'), 'ProfilePage');

/** The route table: exactly the pages of pages.ts, which the release records for the shell. */
export const TRAINEE_ROUTES: { path: string; Page: ComponentType }[] = [
  { path: paths.dashboard, Page: DashboardPage },
  { path: paths.applyForCourse, Page: ApplyPage },
  { path: paths.applyForJob.pattern, Page: ApplyJobPage },
  { path: paths.certificate.pattern, Page: CertificatePage },
  { path: paths.profile, Page: ProfilePage },
];

export default function TraineeRoutes() {
  const i18n = useI18n();
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={i18n._({ id: 'common.loading', message: 'Loading...' })} />}>
        <Routes>
          {TRAINEE_ROUTES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Routes>
      </Suspense>
    </RequireAuth>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.po'));
