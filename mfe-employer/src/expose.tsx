/** The employer area (/employer/* but /employer/register, employers only). Screens come with the employer issue. */
import { Navigate, Route, Routes } from '@btls/shared-auth/router';
import { RequireRole, usePanelSession } from '@btls/shared-auth/guards';
import { PanelLayout } from '@btls/shared-ui/panel-layout';

const NAV = [
  { to: '/employer/dashboard', label: 'Dashboard' },
  { to: '/employer/find-talent', label: 'Find Talent' },
  { to: '/employer/post-job', label: 'Post a Job' },
  { to: '/employer/my-jobs', label: 'My Job Postings' },
  { to: '/employer/profile', label: 'Company Profile' },
];

export default function EmployerRoutes() {
  const panel = usePanelSession();
  return (
    <RequireRole roles={['employer']}>
      <PanelLayout
        title="Employer Panel"
        nav={NAV}
        {...panel}
      >
        <Routes>
          <Route path="employer/dashboard" element={<h1>Employer Dashboard</h1>} />
          <Route path="employer/find-talent" element={<h1>Find Talent</h1>} />
          <Route path="employer/post-job" element={<h1>Post a Job Opening</h1>} />
          <Route path="employer/my-jobs" element={<h1>My Job Postings</h1>} />
          <Route path="employer/jobs/edit/:jobId" element={<h1>Edit Job</h1>} />
          <Route path="employer/profile" element={<h1>Company Profile</h1>} />
          <Route path="*" element={<Navigate to="/employer/dashboard" replace />} />
        </Routes>
      </PanelLayout>
    </RequireRole>
  );
}
