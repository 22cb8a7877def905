// The longer browser journeys that `npm test` leaves to `.ci/run` (its 15-minute budget): the same built
// server and Chromium as e2e/playwright.config.ts, tests in e2e/journeys/ (they share e2e/tests/helpers.ts).
// Run: npm run build && npx playwright test -c e2e/playwright.journeys.config.ts
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: './journeys',
  outputDir: path.join(os.tmpdir(), `tm-pw-journeys-results-${process.env.E2E_PORT ?? 3100}`),
});
