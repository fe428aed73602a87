/** The employer area (/employer/*, but /employer/register which is public): talent, jobs, company profile. */
import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, RequireRole, Route, Routes, useAuth, usePanelSession } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { PanelLayout } from '@btls/shared-ui/panel-layout';
import { EmployerDashboardPage } from './features/dashboard-page';
import { panelPage as styles } from '@btls/shared-ui/panel-page';

// Pages other than the landing one are their own chunks, fetched when first shown.
const FindTalentPage = lazyPage(() => import('./features/find-talent-page'), 'FindTalentPage');
const EditJobPage = lazyPage(() => import('./features/job-form'), 'EditJobPage');
const PostJobPage = lazyPage(() => import('./features/job-form'), 'PostJobPage');
const MyJobsPage = lazyPage(() => import('./features/my-jobs-page'), 'MyJobsPage');
const ApplicantsPage = lazyPage(() => import('./features/applicants-page'), 'ApplicantsPage');
const CompanyProfilePage = lazyPage(() => import('./features/profile-page'), 'CompanyProfilePage');

const NAV = [
  { to: '/employer/dashboard', label: 'Dashboard' },
  { to: '/employer/find-talent', label: 'Find Talent' },
  { to: '/employer/post-job', label: 'Post a Job' },
  { to: '/employer/my-jobs', label: 'My Job Postings' },
  { to: '/employer/profile', label: 'Company Profile' },
];

function EmployerPanel({ children }: { children: ReactNode }) {
  const panel = usePanelSession();
  return (
    <PanelLayout title="Employer Panel" nav={NAV} {...panel}>
      <Suspense fallback={<Spinner label="Loading..." />}>{children}</Suspense>
    </PanelLayout>
  );
}

/**
 * Post a job and the profile are linked from public pages, so anyone may land there: non-employers see
 * 'Access Denied' with a way to sign in, instead of a silent redirect (spec §2).
 */
function EmployersOnly({ children }: { children: ReactNode }) {
  const { role } = useAuth();
  if (role === 'employer') return <EmployerPanel>{children}</EmployerPanel>;
  return (
    <main className={styles.card} style={{ margin: '2rem auto' }}>
      <h1>Access Denied</h1>
      <p>This page is for employers. Sign in with your company account, or register your company.</p>
      <p className={styles.actions}>
        <Link to="/login">Log in</Link>
        <Link to="/employer/register">Register your company</Link>
      </p>
    </main>
  );
}

export default function EmployerRoutes() {
  return (
    <Routes>
      <Route
        path="employer/post-job"
        element={
          <EmployersOnly>
            <PostJobPage />
          </EmployersOnly>
        }
      />
      <Route
        path="employer/profile"
        element={
          <EmployersOnly>
            <CompanyProfilePage />
          </EmployersOnly>
        }
      />
      <Route
        path="*"
        element={
          <RequireRole roles={['employer']}>
            <EmployerPanel>
              <Routes>
                <Route path="employer/dashboard" element={<EmployerDashboardPage />} />
                <Route path="employer/find-talent" element={<FindTalentPage />} />
                <Route path="employer/my-jobs" element={<MyJobsPage />} />
                <Route path="employer/jobs/edit/:jobId" element={<EditJobPage />} />
                <Route path="employer/jobs/:jobId/applicants" element={<ApplicantsPage />} />
                <Route path="*" element={<Navigate to="/employer/dashboard" replace />} />
              </Routes>
            </EmployerPanel>
          </RequireRole>
        }
      />
    </Routes>
  );
}
