import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { preactAliases } from './portal/vite.config.ts';

// Two projects share the options below. The portal's tests run on what the portal ships: `react`,
// `react-dom` and the JSX runtime resolve to preact/compat as in portal/vite.config.ts, and the
// libraries that import React (Testing Library, React Query, React Router, react-hook-form, Stripe's
// React bindings) are inlined so the aliases reach their imports too (decision 130). The marketing
// islands ship React (@astrojs/react), so their tests stay on React with everything else.
const PORTAL_TESTS = 'portal/src/**/*.test.{ts,tsx}';
// Testing Library's package has no exports map and its `main` is CommonJS, which Node would load with
// React itself: its ES module build goes through Vite, so its `react` imports meet the aliases.
const testingLibraryEsm = fileURLToPath(new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url));

export default defineConfig({
  test: {
    testTimeout: 30000,
    hookTimeout: 60000,
    // API tests are dated in a non-UTC zone to catch date bugs.
    env: { TZ: 'America/Los_Angeles', NODE_ENV: 'test' },
    pool: 'forks',
    // jsdom files only (it does nothing without a window): Node 22+'s Request and jsdom's AbortSignal.
    setupFiles: ['portal/src/test/jsdom-request.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: [
            'shared/src/**/*.test.{ts,tsx}',
            'api/src/**/*.test.ts',
            'marketing/src/**/*.test.{ts,tsx}',
            'migrations/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        resolve: {
          conditions: ['module', 'browser', 'development'],
          alias: [{ find: /^@testing-library\/react$/, replacement: testingLibraryEsm }, ...preactAliases],
        },
        esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
        test: {
          name: 'portal',
          include: [PORTAL_TESTS],
          server: {
            deps: {
              inline: [
                /@testing-library\/react/,
                /@tanstack\/react-query/,
                /react-router/,
                /react-hook-form/,
                /@hookform\/resolvers/,
                /@stripe\/react-stripe-js/,
              ],
            },
          },
        },
      },
    ],
  },
});
