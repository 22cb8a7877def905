// My Leads: the agent searches their leads (the server filters) and exports what they see as CSV for a
// CRM, phones shown as (512) 555-0101, formula cells escaped in the file.
import { test, expect } from '@playwright/test';
import { login, adminPage, createUser } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';
import { parse as parseCsv } from 'csv-parse/sync';

test.afterAll(closeE2eDb);

test('search My Leads and export the result as CSV', async ({ page, browser }) => {
  const { admin, adminContext } = await adminPage(browser);
  const email = `leads.${runTag}@example.com`;
  const password = 'leads-pass-123';
  const userId = await createUser(admin, { email, password, firstName: 'Lee', lastName: 'Leads', agencyName: 'Lead Agency', phone: '5550102031' });
  await adminContext.close();
  await e2eDb()('leadAssignments').insert([
    {
      agentId: userId,
      name: 'Marta Findme',
      phone: '5125550142',
      email: 'marta@example.org',
      state: 'TX',
      zipCode: '73301',
      assignedAt: '2026-03-02 12:00:00.000',
    },
    {
      agentId: userId,
      name: '=cmd|calc',
      phone: '3055550143',
      email: 'other@example.org',
      state: 'FL',
      zipCode: '33101',
      assignedAt: '2026-03-01 12:00:00.000',
    },
  ]);

  await login(page, email, password);
  await page.goto('/dashboard?tab=my-leads');
  const table = page.getByRole('table', { name: 'My leads' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: '(512) 555-0142' })).toBeVisible();
  await page.getByLabel('Search my leads').fill('findme');
  await page.getByLabel('Search my leads').press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Marta Findme');
  const csvLink = page.getByTestId('my-leads-csv');
  await expect(csvLink).toHaveAttribute('href', '/api/my-leads/export.csv?q=findme');
  const all = await page.request.get('/api/my-leads/export.csv');
  expect(all.status()).toBe(200);
  // Every text cell is quoted (issue 27 L2): compare the cells a spreadsheet shows.
  const text = (parseCsv(await all.text()) as string[][]).map((row) => row.join(',')).join('\n');
  expect(text).toContain("'=cmd|calc,3055550143");
  expect(text).toContain('Marta Findme,5125550142,marta@example.org,TX,73301');
  await page.getByLabel('Search my leads').fill('nobody-has-this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No leads match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
});
