// Deactivating a user in the browser (issue 14 item 3, issue 18 item 6): the admin deactivates an agent
// from the Users tab (confirmed in a dialog); the agent's open page is logged out on its next request
// and their login is refused with the message; Reactivate lets them log in again.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DEACTIVATED = 'This account has been deactivated. Contact support.';

test('the admin deactivates an agent: their open page is logged out and login is refused until reactivated', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin.email, DEMO.admin.password, '/admin');
  const email = `deact.${unique()}@example.com`;
  const password = 'deact-pass-1';
  const created = await admin.request.post('/api/admin/users', {
    data: { email, password, firstName: 'Dana', lastName: 'Gone', agencyName: 'Gone Agency', role: 'Insurance Agent', phone: '5550102044', isAdmin: false },
  });
  expect(created.status()).toBe(201);

  // The agent is logged in with the dashboard open.
  await login(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);

  // The admin finds the agent, cancels once, then deactivates.
  await admin.reload();
  await admin.getByPlaceholder('Search users by email...').fill(email);
  const card = admin.getByTestId('user-card').filter({ hasText: email });
  await expect(card).toBeVisible();
  await expect(card.getByText('Deactivated', { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Deactivate Dana Gone' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Deactivate user' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Deactivate Dana Gone (${email})?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Deactivated', { exact: true })).toHaveCount(0);

  await card.getByRole('button', { name: 'Deactivate Dana Gone' }).click();
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reactivate Dana Gone' })).toBeVisible();

  // The agent's open page: its next request is answered as logged out, and the page goes to /login.
  expect(await page.evaluate(async () => (await fetch('/api/current-user')).status)).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  // Login is refused with the message (the password is right).
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(DEACTIVATED)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // Reactivated, the agent logs in again.
  await card.getByRole('button', { name: 'Reactivate Dana Gone' }).click();
  dialog = admin.getByRole('dialog', { name: 'Reactivate user' });
  await dialog.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Deactivated', { exact: true })).toHaveCount(0);
  await login(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);

  // The admin's own card offers neither button.
  await admin.getByPlaceholder('Search users by email...').fill(DEMO.admin.email);
  const own = admin.getByTestId('user-card').filter({ hasText: DEMO.admin.email });
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /Deactivate|Reactivate/ })).toHaveCount(0);
  await adminContext.close();
});
