import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

test('the landing page loads', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1').first()).toBeVisible();
});

test('the demo agent logs in, sees the dashboard with their name, and logs out', async ({ page }) => {
  await login(page, DEMO.agent.email, DEMO.agent.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(DEMO.agent.firstName).first()).toBeVisible();
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/login\?loggedOut=1$/);
  await expect(page.getByRole('status')).toHaveText('You have been logged out.');
  const me = await page.request.get('/api/current-user');
  expect(await me.json()).toEqual({ user: null }); // a visitor again (decision 224)
});

test('a wrong password shows a clear error', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(DEMO.agent.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('the demo admin logs in and opens /admin', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
});

test('an unknown path shows Page Not Found with status 404', async ({ page }) => {
  const res = await page.goto('/definitely/not/a/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
