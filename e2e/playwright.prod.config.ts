// The production rehearsal (issue 27; decision 175): journeys against the COMPILED build (`npm run build`
// first) under NODE_ENV=production on MariaDB, Redis and STORAGE=db, mail through a real SMTP server,
// Stripe through its emulator behind STRIPE_API_URL, two processes behind HAProxy (e2e/prod/serve.ts).
// Run: E2E_PORT=3105 npx playwright test -c e2e/playwright.prod.config.ts  (the processes use E2E_PORT+10, +20).
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const port = Number(process.env.E2E_PORT ?? 3105);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: './prod',
  outputDir: path.join(os.tmpdir(), `tm-pw-prod-results-${port}`),
  timeout: 180_000,
  // Production pages behind the balancer on a shared CI machine: first loads can take longer than 10 s.
  expect: { timeout: 25_000 },
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node --import tsx e2e/prod/serve.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { E2E_PORT: String(port) },
  },
});
