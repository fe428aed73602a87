/**
 * The public area: every visitor page, and the sign-in screens. The home page ships with the area; every
 * other page is its own chunk, fetched when visited, so the first visit to / downloads only what it shows.
 * The table below is also read by the server render: it names the page module of a path, so the first HTML
 * can ask for that page's chunk and styles at once (preload hints) instead of after the area has loaded.
 */
import { Suspense, type ComponentType } from 'react';
import { matchRoutes, paths, Route, Routes, useI18n } from '@btls/shared-auth';
import { Spinner } from '@btls/shared-ui/components';
import { lazyPage } from '@btls/shared-ui/lazy-page';
import { HomePage } from './features/home/home-page';
import { catalogueLoader } from '@btls/shared-ui/i18n';
import { useKeepPagesOffline } from './offline/when-controlled';

type PageModule = Record<string, unknown>;
const modules = import.meta.glob<PageModule>(['./features/**/*-page.tsx', './features/legal/legal-pages.tsx']);

interface PublicRoute {
  path: string;
  Page: ComponentType;
  /** The page's module (its chunk), relative to src/; absent for the home page, which ships with the area. */
  module?: string;
}

function page(path: string, module: string, name: string): PublicRoute {
  const load = modules[`./${module}`];
  if (!load) throw new Error(`No page module ${module}`);
  return { path, module, Page: lazyPage(load, name) };
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: paths.home, Page: HomePage },
  page(paths.courses, 'features/courses/courses-page.tsx', 'CoursesPage'),
  page(paths.course.pattern, 'features/courses/course-detail-page.tsx', 'CourseDetailPage'),
  page(paths.experience, 'features/about/experience-page.tsx', 'ExperiencePage'),
  page(paths.jobs, 'features/jobs/jobs-page.tsx', 'JobsPage'),
  page(paths.job.pattern, 'features/jobs/job-detail-page.tsx', 'JobDetailPage'),
  page(paths.about, 'features/about/about-page.tsx', 'AboutPage'),
  page(paths.contact, 'features/contact/contact-page.tsx', 'ContactPage'),
  page(paths.privacyPolicy, 'features/legal/legal-pages.tsx', 'PrivacyPolicyPage'),
  page(paths.termsOfService, 'features/legal/legal-pages.tsx', 'TermsOfServicePage'),
  page(paths.login, 'features/auth/login-page.tsx', 'LoginPage'),
  page(paths.register, 'features/auth/register-page.tsx', 'RegisterPage'),
  page(paths.employerRegister, 'features/auth/employer-register-page.tsx', 'EmployerRegisterPage'),
  page(paths.forgotPassword, 'features/auth/forgot-password-page.tsx', 'ForgotPasswordPage'),
  page(paths.resetPassword, 'features/auth/reset-password-page.tsx', 'ResetPasswordPage'),
  page(paths.certificateCheck, 'features/verify/verify-page.tsx', 'CertificateCheckPage'),
  page(paths.verify.pattern, 'features/verify/verify-page.tsx', 'VerifyPage'),
  page(paths.enroll.pattern, 'features/auth/enroll-page.tsx', 'EnrollPage'),
];

/** The module (relative to src/) of the page shown at `pathname`, for the server's preload hints. */
export function pageModuleFor(pathname: string): string | undefined {
  return matchRoutes(PUBLIC_ROUTES, pathname)?.[0]?.route.module;
}

export default function PublicRoutes() {
  const i18n = useI18n();
  // The job board and the pages about the centre, kept by the service worker for a phone without network.
  useKeepPagesOffline();
  return (
    <Suspense fallback={<Spinner label={i18n._({ id: 'common.loading', message: 'Loading...' })} />}>
      <Routes>
        {PUBLIC_ROUTES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
    </Suspense>
  );
}

/** This area's texts, one chunk per language, loaded by the shell before the area renders. */
export const loadMessages = catalogueLoader(import.meta.glob('./locales/*.po'));
