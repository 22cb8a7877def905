// Issue 26 ("Tools to correct mistakes", Orders): the admin's order filters live in the URL, so a reload
// keeps them and Back returns to the filters before.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

test('order filters live in the URL: reload keeps them, Back restores the previous ones', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await page.goto('/admin?tab=orders');
  await page.getByLabel('Status').selectOption('paid');
  await expect(page).toHaveURL(/[?&]status=paid/);
  await page.getByLabel('Product').selectOption('leads');
  await expect(page).toHaveURL(/[?&]product=leads/);
  await page.getByLabel('Search buyer name or email').fill('example.com');
  await expect(page).toHaveURL(/[?&]q=example\.com/);
  expect(new URL(page.url()).searchParams.get('tab')).toBe('orders');

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('paid');
  await expect(page.getByLabel('Product')).toHaveValue('leads');
  await expect(page.getByLabel('Search buyer name or email')).toHaveValue('example.com');

  // Back: the product filter before was "All products" (the typed search replaced its own entry).
  await page.goBack();
  await expect(page.getByLabel('Product')).toHaveValue('');
  await expect(page.getByLabel('Status')).toHaveValue('paid');
});
