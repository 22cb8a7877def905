// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, the rules of hooks for
// the React code, and the promise rules that need types for the API (a forgotten await in a route is
// a lost error). `npm run lint` runs it with --max-warnings 0; `npm test` runs it. Decision 051.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import portalRules from './scripts/eslint-rules/form-wrapper.js';

// The portal's layers (decision 240): a feature imports only the shared layers (components, hooks, lib,
// test, @tm/shared) and app/paths.ts, never another feature; app/ composes features; the shared layers
// import no feature and nothing of app/ but its paths.
const portal = './portal/src';
const features = fs
  .readdirSync(`${portal}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const portalZones = [
  ...features.map((name) => ({
    target: `${portal}/features/${name}`,
    from: `${portal}/features`,
    except: [`./${name}`],
    message: 'A feature imports only shared layers (components, hooks, lib, test): compose features in portal/src/app (decision 240).',
  })),
  { target: `${portal}/features`, from: `${portal}/app`, except: ['./paths.ts'], message: 'A feature does not import app/ (only app/paths.ts).' },
  ...['components', 'hooks', 'lib', 'test'].flatMap((layer) => [
    { target: `${portal}/${layer}`, from: `${portal}/features`, message: 'A shared layer imports no feature (decision 240).' },
    { target: `${portal}/${layer}`, from: `${portal}/app`, except: ['./paths.ts'], message: 'A shared layer does not import app/ (only app/paths.ts).' },
  ]),
];

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
  {
    files: ['portal/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: portalZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One form pattern (issue 39, decision 257): screens build forms with <Form schema>, never a bare
    // <form>. The forms not yet moved are listed in eslint-suppressions.json (ESLint's bulk suppressions):
    // a new bare form fails, and one moved must be pruned from the list (`--prune-suppressions`).
    files: ['portal/src/features/**/*.tsx', 'portal/src/app/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { portal: portalRules },
    rules: { 'portal/form-wrapper': 'error' },
  },
);
