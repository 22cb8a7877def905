// Staff alerts on the admin's Profile (issue 26): the admin sees the three alerts among their e-mail
// notifications, turns one off and the choice is kept; an agent is not offered them. Screenshots at 390
// and 1366 px.
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

const shots = path.join(os.tmpdir(), 'tm-shots-staff-alerts');

test('an admin chooses their staff alerts on Profile; the choice is saved', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const signups = page.getByRole('checkbox', { name: 'Staff alert: a sign-up arrives' });
  await expect(signups).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Staff alert: a transfer dispute arrives' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Staff alert: a partner application arrives' })).toBeChecked();
  await signups.uncheck();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Staff alert: a sign-up arrives' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Staff alert: a transfer dispute arrives' })).toBeChecked();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('checkbox', { name: 'Staff alert: a sign-up arrives' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(shots, `profile-${width}.png`), fullPage: true });
  }
  // Back on, as the demo admin had it.
  await page.getByRole('checkbox', { name: 'Staff alert: a sign-up arrives' }).check();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.goto('/api/logout');

  await login(page, DEMO.agent.email, DEMO.agent.password, '/profile');
  await expect(page.getByRole('checkbox', { name: 'Leads assigned to me' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Staff alert/ })).toHaveCount(0);
});
