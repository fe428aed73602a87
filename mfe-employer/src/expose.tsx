/** The employer area (/employer/*, but /employer/register which is public): talent, jobs, company profile. */
import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, paths, RequireRole, Route, routePath, Routes, useAuth, usePanelSession } from '@btls/shared-auth';
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
  { to: paths.employer.dashboard, label: 'Dashboard' },
  { to: paths.employer.findTalent, label: 'Find Talent' },
  { to: paths.employer.postJob, label: 'Post a Job' },
  { to: paths.employer.myJobs, label: 'My Job Postings' },
  { to: paths.employer.profile, label: 'Company Profile' },
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
        <Link to={paths.login}>Log in</Link>
        <Link to={paths.employerRegister}>Register your company</Link>
      </p>
    </main>
  );
}

export default function EmployerRoutes() {
  return (
    <Routes>
      <Route
        path={routePath(paths.employer.postJob)}
        element={
          <EmployersOnly>
            <PostJobPage />
          </EmployersOnly>
        }
      />
      <Route
        path={routePath(paths.employer.profile)}
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
                <Route path={routePath(paths.employer.dashboard)} element={<EmployerDashboardPage />} />
                <Route path={routePath(paths.employer.findTalent)} element={<FindTalentPage />} />
                <Route path={routePath(paths.employer.myJobs)} element={<MyJobsPage />} />
                <Route path={routePath(paths.employer.editJob)} element={<EditJobPage />} />
                <Route path={routePath(paths.employer.applicants)} element={<ApplicantsPage />} />
                <Route path="*" element={<Navigate to={paths.employer.dashboard} replace />} />
              </Routes>
            </EmployerPanel>
          </RequireRole>
        }
      />
    </Routes>
  );
}
