/** The trainee pages (login required, any role). The screens themselves come with the trainee-area issue. */
import { Route, Routes } from '@btls/shared-auth/router';
import { RequireAuth } from '@btls/shared-auth/guards';
import { useAuth } from '@btls/shared-auth/session';

function Dashboard() {
  const { user } = useAuth();
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: '2rem 1rem' }}>
      <h1>Welcome, {user?.firstName}</h1>
    </main>
  );
}

export default function TraineeRoutes() {
  return (
    <RequireAuth>
      <Routes>
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="apply-for-course" element={<h1>Apply for a Course</h1>} />
        <Route path="certificate/:certificateCode" element={<h1>Certificate of Completion</h1>} />
      </Routes>
    </RequireAuth>
  );
}
