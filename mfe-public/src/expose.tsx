/**
 * The public area: every visitor page, and the sign-in screens. The home page ships with the area; every
 * other page is its own chunk, fetched when visited, so the first visit to / downloads only what it shows.
 */
import { Suspense } from 'react';
import { Route, Routes } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage as page } from '@btls/shared-ui/lazy-page';
import { HomePage } from './features/home/home-page';

const CoursesPage = page(() => import('./features/courses/courses-page'), 'CoursesPage');
const CourseDetailPage = page(() => import('./features/courses/course-detail-page'), 'CourseDetailPage');
const ExperiencePage = page(() => import('./features/about/experience-page'), 'ExperiencePage');
const AboutPage = page(() => import('./features/about/about-page'), 'AboutPage');
const JobsPage = page(() => import('./features/jobs/jobs-page'), 'JobsPage');
const JobDetailPage = page(() => import('./features/jobs/job-detail-page'), 'JobDetailPage');
const ContactPage = page(() => import('./features/contact/contact-page'), 'ContactPage');
const PrivacyPolicyPage = page(() => import('./features/legal/legal-pages'), 'PrivacyPolicyPage');
const TermsOfServicePage = page(() => import('./features/legal/legal-pages'), 'TermsOfServicePage');
const LoginPage = page(() => import('./features/auth/login-page'), 'LoginPage');
const RegisterPage = page(() => import('./features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage');
const VerifyPage = page(() => import('./features/verify/verify-page'), 'VerifyPage');
const EmployerRegisterPage = page(() => import('./features/auth/employer-register-page'), 'EmployerRegisterPage');

export default function PublicRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
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
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="verify/:certificateCode" element={<VerifyPage />} />
      </Routes>
    </Suspense>
  );
}
