/** The public area: every visitor page, and the sign-in screens. */
import { Route, Routes } from '@btls/shared-auth/router';
import { AboutPage } from './features/about/about-page';
import { ExperiencePage } from './features/about/experience-page';
import { EmployerRegisterPage } from './features/auth/employer-register-page';
import { LoginPage } from './features/auth/login-page';
import { RegisterPage } from './features/auth/register-page';
import { ContactPage } from './features/contact/contact-page';
import { CourseDetailPage } from './features/courses/course-detail-page';
import { CoursesPage } from './features/courses/courses-page';
import { HomePage } from './features/home/home-page';
import { JobDetailPage } from './features/jobs/job-detail-page';
import { JobsPage } from './features/jobs/jobs-page';
import { PrivacyPolicyPage, TermsOfServicePage } from './features/legal/legal-pages';

export default function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="courses" element={<CoursesPage />} />
      <Route path="courses/:id" element={<CourseDetailPage />} />
      <Route path="rwanda-coffee-experience" element={<ExperiencePage />} />
      <Route path="jobs" element={<JobsPage />} />
      <Route path="jobs/:jobId" element={<JobDetailPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="contact" element={<ContactPage />} />
      <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="terms-of-service" element={<TermsOfServicePage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="employer/register" element={<EmployerRegisterPage />} />
    </Routes>
  );
}
