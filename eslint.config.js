// The repository's one lint config: TypeScript's recommended rules and React's rules of hooks,
// everywhere. `npm run lint` at the root; `npm test` runs it first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The files whose every text is translated; see the last block below. */
const TRANSLATED_SCREENS = [
  'shell/src/{app,banner,public-layout,remote-area,release-trial,install-offer,new-version,offline-banner}.tsx',
  'shared-ui/src/{panel-layout,skip-link,language-switcher,profile,password-change,dialog,paging,job-postings,applicant-card,enrollment,panel-states}.tsx',
  'mfe-public/src/expose.tsx',
  'mfe-public/src/features/home/home-page.tsx',
  'mfe-public/src/features/courses/{course-card,courses-page,course-detail-page}.tsx',
  'mfe-public/src/features/jobs/{jobs-page,job-detail-page}.tsx',
  'mfe-public/src/features/contact/contact-page.tsx',
  'mfe-public/src/ui/{paged-results,page-links}.tsx',
  'mfe-public/src/features/auth/{login,register,forgot-password,employer-register,reset-password}-page.tsx',
  'mfe-public/src/features/verify/{verify-page,credential-check}.tsx',
  'mfe-public/src/features/about/{about-page,experience-page}.tsx',
  'mfe-public/src/features/legal/legal-pages.tsx',
  'mfe-trainee/src/expose.tsx',
  'mfe-trainee/src/features/dashboard/dashboard-page.tsx',
  'mfe-trainee/src/features/{only-trainees,apply/apply-page,certificate/certificate-page,certificate/linkedin,jobs/apply-job-page,profile/profile-page}.tsx',
  'mfe-employer/src/expose.tsx',
  'mfe-employer/src/features/{dashboard-page,find-talent-page,my-jobs-page,job-form,applicants-page,profile-page}.tsx',
  'mfe-trainer/src/expose.tsx',
  'mfe-trainer/src/features/{dashboard,assigned-students,profile,student-progress}-page.tsx',
  'mfe-admin/src/expose.tsx',
  'mfe-admin/src/features/expandable-table.tsx',
  'mfe-admin/src/features/dashboard/dashboard-page.tsx',
  'mfe-admin/src/features/messages/messages-page.tsx',
  'mfe-admin/src/features/outbox/outbox-page.tsx',
  'mfe-admin/src/features/jobs/{jobs,job-applications}-page.tsx',
  'mfe-admin/src/features/users/{users-page,user-forms}.tsx',
  'mfe-admin/src/features/courses/{courses-page,course-pages,course-form}.tsx',
  'mfe-admin/src/features/enrollments/{enrollments-page,assign-trainer-page,progress-page,back-to-applications}.tsx',
];

/** What an area, the contract and shared-ui never import (the boundaries of independent releases). */
const BOUNDARIES = [
  {
    group: ['@btls/mfe-*', '@btls/shell', '@btls/shell/*', '**/shell/src/*', '**/mfe-*/src/*'],
    message: 'An area imports no other area and not the shell: each one is released on its own.',
  },
  {
    group: ['react-router', 'react-router/*', '@tanstack/react-query', '@lingui/core', 'zustand', 'ky'],
    message:
      "One copy per page: take it from the kernel (@btls/kernel, or @btls/shared-api / @btls/shared-auth's re-exports).",
  },
  {
    group: ['@btls/kernel/*', '!@btls/kernel/basics', '!@btls/kernel/cookies'],
    message: 'The kernel is shared through its entry (@btls/kernel) only: a deep import is a second copy.',
  },
];

export default tseslint.config(
  // '*/src/locales/*.ts': the catalogues compiled by `lingui compile`, generated.
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'api/drizzle/**',
      'api/data/**',
      '*/src/locales/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks an argument or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The API server writes through its logger (JSON lines with the request's id), never `console`.
    files: ['api/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Tests read answers of any shape (a JSON body, a credential to tamper with).
    files: ['**/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['{shell,mfe-*,shared-*}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The boundaries of independent releases, enforced rather than remembered. The kernel is what the shell
  // provides to every area: the libraries whose one copy it holds are reached through it, never imported
  // again (a second copy would be a second session, router, query client or i18n instance in the page).
  {
    files: ['kernel/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@btls/*'], message: 'The kernel imports no contract, area or shell module.' }] },
      ],
    },
  },
  {
    files: ['{mfe-*,shared-api,shared-auth}/src/**/*.{ts,tsx}'],
    // The test helpers build a page of their own (a memory router, a fresh query client), outside any build.
    ignores: ['shared-auth/src/{testing.tsx,test-setup.ts}'],
    rules: { 'no-restricted-imports': ['error', { patterns: BOUNDARIES }] },
  },
  {
    // shared-ui calls no endpoint: from the contract it takes the texts, the error and notice helpers, the
    // constants and the data layer's own parts, never a resource's call or hook (an area passes those in), so
    // every call a screen makes ships with its area.
    files: ['shared-ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: BOUNDARIES,
          paths: [
            {
              name: '@btls/shared-api',
              allowImportNames: [
                'account',
                'chooseDataSaver',
                'currentLanguage',
                'dataSaverChosen',
                'errorMessage',
                'isLanguage',
                'JOB_APPLICATION_STATUSES',
                'keepPreviousData',
                'LANGUAGE_NAMES',
                'LOCALES',
                'noticeText',
                'QueryErrorResetBoundary',
                'setLanguage',
                'sharedCatalogue',
                'translateMessage',
                'useQuery',
                'useQueryClient',
                'valueText',
                'CatalogueLoader',
                'I18n',
                'JobApplicationStatus',
                'Language',
                'Messages',
                'PagedSource',
              ],
              message: "shared-ui calls no endpoint: take the resource's call or hook as a parameter from the area.",
            },
          ],
        },
      ],
    },
  },
  {
    // The screens translated so far show no text that is not marked for a catalogue (i18n._(…)):
    // words written straight into JSX, or into a label, placeholder, alt or aria-label, are English only.
    // Add a file here once its area is translated (the catalogue check then finds every marked text).
    files: TRANSLATED_SCREENS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]{2,}/]',
          message: 'A text shown to users: mark it with i18n._({ id, message }).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(label|placeholder|alt|title|aria-label|description)$/] > Literal[value=/[A-Za-z]{2,}/]',
          message: 'A text shown to users: mark it with i18n._({ id, message }).',
        },
      ],
    },
  },
);
