// The repository's one lint config (issue 13): TypeScript's recommended rules and React's rules of hooks,
// everywhere. `npm run lint` at the root; `npm test` runs it first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // '*/src/locales/*.ts': the catalogues compiled by `lingui compile` (issue 19), generated.
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'api/drizzle/**', 'api/data/**', '*/src/locales/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks an argument or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
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
);
