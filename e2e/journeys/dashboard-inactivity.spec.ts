// The inactivity logout, against a second server started with the test-only INACTIVITY_TIMEOUT_MS
// (ignored in production) so the wait is seconds, not 10 minutes.
import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO } from '../tests/helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 500;
const base = `http://127.0.0.1:${port}`;
const TIMEOUT_MS = 4000;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['e2e/serve.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), INACTIVITY_TIMEOUT_MS: String(TIMEOUT_MS) },
    stdio: 'inherit',
  });
  const deadline = Date.now() + 110_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the second server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
});

test('logs the agent out after the inactivity timeout, not while they are active', async ({ page }) => {
  await page.goto(`${base}/login?next=/dashboard`);
  await page.getByLabel('Email or username').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);

  // Activity keeps the session: keys for longer than the timeout.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift');
    await page.waitForTimeout(1000);
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page).toHaveURL(`${base}/dashboard`);

  // Then nothing: the notice, and two seconds later the logout.
  const notice = page.getByTestId('toast');
  await expect(notice).toContainText('Session Expired', { timeout: TIMEOUT_MS + 3000 });
  await expect(notice).toContainText('You have been logged out due to inactivity.');
  const shownAt = Date.now();
  await expect(page).not.toHaveURL(/\/dashboard/, { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1000);
  const me = await page.request.get(`${base}/api/current-user`);
  // Logged out: the cookie is gone, so the server sees a visitor (200 { user: null }, decision 224).
  expect(await me.json()).toEqual({ user: null });
});
