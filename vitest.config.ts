import { defineConfig } from 'vitest/config';

// Two projects share the options below. The portal's tests render through React and react-dom, as the
// portal ships them (decision 190), with Testing Library; each test file that needs a DOM says so
// (`// @vitest-environment jsdom`).
const PORTAL_TESTS = 'portal/src/**/*.test.{ts,tsx}';

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
            'tools/*/src/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
        test: { name: 'portal', include: [PORTAL_TESTS] },
      },
    ],
  },
});
