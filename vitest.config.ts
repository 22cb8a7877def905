import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/src/**/*.test.{ts,tsx}',
      'api/src/**/*.test.ts',
      'portal/src/**/*.test.{ts,tsx}',
      'marketing/src/**/*.test.{ts,tsx}',
      'migrations/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30000,
    hookTimeout: 60000,
    // API tests are dated in a non-UTC zone to catch date bugs.
    env: { TZ: 'America/Los_Angeles', NODE_ENV: 'test' },
    pool: 'forks',
    // jsdom files only (it does nothing without a window): Node 22+'s Request and jsdom's AbortSignal.
    setupFiles: ['portal/src/test/jsdom-request.ts'],
  },
});
