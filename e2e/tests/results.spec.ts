// Results (issue 19): the seeded second demo agent sees figures, charts and tables; records an outcome in
// two clicks and a premium, and the totals move; creates a personal API token, the CRM posts with it, and
// revoking stops it. Duplicate caller protection through the callback.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

test('Results: figures, charts, an outcome in two clicks, an API token for the CRM', async ({ page, request }) => {
  await login(page, DEMO.agent2.email, DEMO.agent2.password);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page).toHaveURL(/\/dashboard\/results$/);
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  // Inside the one portal shell: its navigation, with Results as the current place.
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Results' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('total-items')).toHaveText('25');
  await expect(page.getByRole('img', { name: 'Bar chart of spend and premium written by product' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By product' })).toContainText('Live transfers');
  await expect(page.getByRole('table', { name: 'By state' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By lead age' })).toBeVisible();
  const premiumBefore = await page.getByTestId('total-premium').innerText();

  // The newest items have no outcome yet: one is a sale of $1,500 a year.
  await page.getByLabel('Only items without an outcome').check();
  const open = page.getByTestId('outcome-row');
  await expect(open).toHaveCount(2);
  const select = open.first().getByRole('combobox');
  await select.selectOption('sold');
  await open.first().getByPlaceholder('Annual premium $').fill('1500');
  await open.first().getByRole('button', { name: 'Save' }).click();
  await expect(open).toHaveCount(1);
  await expect(page.getByTestId('total-premium')).not.toHaveText(premiumBefore);
  // The other: no answer, one choice.
  await open.first().getByRole('combobox').selectOption('no_answer');
  await expect(open).toHaveCount(0);

  // CSV export of the same period.
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[1]).toMatch(/^"Total","All products",/);

  // A personal API token, shown once; the CRM posts an outcome with it.
  await page.getByLabel('Token name').fill('My CRM');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').innerText()).trim();
  expect(token).toMatch(/^tl_/);
  await expect(page.getByText('My CRM')).toBeVisible();
  const items = (await (await page.request.get('/api/outcomes/items')).json()) as { items: Array<{ itemType: string; itemId: number }> };
  const target = items.items.find((i) => i.itemType === 'lead')!;
  const ok = await request.post('/api/outcomes', {
    headers: { authorization: `Bearer ${token}` },
    data: { itemType: 'lead', itemId: target.itemId, status: 'quoted', date: '2026-11-20' },
  });
  expect(ok.status()).toBe(200);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No tokens yet.')).toBeVisible();
  const after = await request.post('/api/outcomes', {
    headers: { authorization: `Bearer ${token}` },
    data: { itemType: 'lead', itemId: target.itemId, status: 'sold', premiumCents: 1, date: '2026-11-20' },
  });
  expect(after.status()).toBe(401);
});
