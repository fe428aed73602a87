/** The public area: every visitor page. Pages other than sign-in arrive with the public-area issue. */
import { Route, Routes } from '@btls/shared-auth/router';
import { EmployerRegisterPage } from './features/auth/employer-register-page';
import { LoginPage } from './features/auth/login-page';
import { RegisterPage } from './features/auth/register-page';

function Titled({ title }: { title: string }) {
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: '2rem 1rem' }}>
      <h1>{title}</h1>
    </main>
  );
}

export default function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<Titled title="Expert Barista Training in Kigali" />} />
      <Route path="courses" element={<Titled title="Our Courses" />} />
      <Route path="courses/:id" element={<Titled title="Course Details" />} />
      <Route path="rwanda-coffee-experience" element={<Titled title="The Rwanda Coffee Experience" />} />
      <Route path="jobs" element={<Titled title="Find Your Barista Career" />} />
      <Route path="jobs/:jobId" element={<Titled title="Job Details" />} />
      <Route path="about" element={<Titled title="About Us" />} />
      <Route path="contact" element={<Titled title="Contact Us" />} />
      <Route path="privacy-policy" element={<Titled title="Privacy Policy" />} />
      <Route path="terms-of-service" element={<Titled title="Terms of Service" />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="employer/register" element={<EmployerRegisterPage />} />
    </Routes>
  );
}
