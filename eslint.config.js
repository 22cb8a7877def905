// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, the rules of hooks for
// the React code, and the promise rules that need types for the API (a forgotten await in a route is
// a lost error). `npm run lint` runs it with --max-warnings 0; `npm test` runs it. Decision 051.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.astro/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Type-aware, where a dropped promise loses an error or answers too early: the API and its data.
    files: ['api/src/**/*.ts', 'shared/src/**/*.ts', 'migrations/**/*.ts', 'knexfile.ts', 'tools/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'marketing/**/*.{ts,tsx}', 'shared/src/ui/**/*.{ts,tsx}', 'shared/src/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
