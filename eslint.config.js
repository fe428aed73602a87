// The repository's one lint config: TypeScript's recommended rules and React's rules of hooks,
// everywhere. `npm run lint` at the root; `npm test` runs it first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Every screen's words are translated: a text left unmarked in JSX fails the lint in any component file of the
 * shell, shared-ui and the areas, a new page included. Not screens: the areas' standalone development pages.
 */
const SCREENS = ['{shell,shared-ui,shared-auth,mfe-*}/src/**/*.tsx'];
const NOT_SCREENS = ['*/src/standalone.tsx', 'shared-auth/src/testing.tsx'];

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
    group: ['@btls/kernel/*', '!@btls/kernel/basics', '!@btls/kernel/cookies', '!@btls/kernel/language'],
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
                'fieldOfFailure',
                'problemsOfFailure',
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
    // A screen shows no text that is not marked for a catalogue (i18n._(…)): words written straight into JSX,
    // or into a label, placeholder, alt or aria-label, would be English only (the catalogue check then finds
    // every marked text and its translations).
    files: SCREENS,
    ignores: NOT_SCREENS,
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
