/** The employer area (/employer/*, but /employer/register which is public): talent, jobs, company profile. */
import type { ReactNode } from 'react';
import { Link, Navigate, paths, RequireRole, Route, routePath, Routes, useAuth, useI18n } from '@btls/shared-auth';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { AreaPanel } from '@btls/shared-ui/panel-layout';
import { EmployerDashboardPage } from './features/dashboard-page';
import { panelPage as styles } from '@btls/shared-ui/panel-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';

// Pages other than the landing one are their own chunks, fetched when first shown.
const FindTalentPage = lazyPage(() => import('./features/find-talent-page'), 'FindTalentPage');
const EditJobPage = lazyPage(() => import('./features/job-form'), 'EditJobPage');
const PostJobPage = lazyPage(() => import('./features/job-form'), 'PostJobPage');
const MyJobsPage = lazyPage(() => import('./features/my-jobs-page'), 'MyJobsPage');
const ApplicantsPage = lazyPage(() => import('./features/applicants-page'), 'ApplicantsPage');
const CompanyProfilePage = lazyPage(() => import('./features/profile-page'), 'CompanyProfilePage');

const NAV = [
  { to: paths.employer.dashboard, label: /*i18n*/ { id: 'employer.nav.dashboard', message: 'Dashboard' } },
  { to: paths.employer.findTalent, label: /*i18n*/ { id: 'employer.nav.findTalent', message: 'Find Talent' } },
  { to: paths.employer.postJob, label: /*i18n*/ { id: 'employer.nav.postJob', message: 'Post a Job' } },
  { to: paths.employer.myJobs, label: /*i18n*/ { id: 'employer.nav.myJobs', message: 'My Job Postings' } },
  { to: paths.employer.profile, label: /*i18n*/ { id: 'employer.nav.profile', message: 'Company Profile' } },
];

/**
 * Post a job and the profile are linked from public pages, so anyone may land there: non-employers see
 * 'Access Denied' with a way to sign in, instead of a silent redirect (docs/product.md §2).
 */
function EmployersOnly({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { role } = useAuth();
  if (role === 'employer')
    return (
      <AreaPanel area="employer" nav={NAV}>
        {children}
      </AreaPanel>
    );
  return (
    <main className={styles.card} style={{ margin: '2rem auto' }}>
      <h1>{i18n._({ id: 'employer.denied.title', message: 'Access Denied' })}</h1>
      <p>
        {i18n._({
          id: 'employer.denied.text',
          message: 'This page is for employers. Sign in with your company account, or register your company.',
        })}
      </p>
      <p className={styles.actions}>
        <Link to={paths.login}>{i18n._({ id: 'common.logIn', message: 'Log in' })}</Link>
        <Link to={paths.employerRegister}>
          {i18n._({ id: 'employer.denied.register', message: 'Register your company' })}
        </Link>
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
            <AreaPanel area="employer" nav={NAV}>
              <Routes>
                <Route path={routePath(paths.employer.dashboard)} element={<EmployerDashboardPage />} />
                <Route path={routePath(paths.employer.findTalent)} element={<FindTalentPage />} />
                <Route path={routePath(paths.employer.myJobs)} element={<MyJobsPage />} />
                <Route path={routePath(paths.employer.editJob)} element={<EditJobPage />} />
                <Route path={routePath(paths.employer.applicants)} element={<ApplicantsPage />} />
                <Route path="*" element={<Navigate to={paths.employer.dashboard} replace />} />
              </Routes>
            </AreaPanel>
          </RequireRole>
        }
      />
    </Routes>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.po'));
