// Issue 26: the admin's Audit log. The admin creates an agent and edits them; the log shows each as a
// sentence with "Field: old → new", filters by the user concerned (by e-mail), by who acted and by kind
// and days, and downloads the filtered rows as CSV. Also at 390 px: the filters and entries fit the screen.
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { parse as parseCsv } from 'csv-parse/sync';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the admin filters the audit log by user, actor, kind and date, and downloads it as CSV', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  const email = `audited.${unique()}@example.com`;
  const created = await page.request.post('/api/admin/users', {
    data: { email, password: 'audit-pass-1', firstName: 'Aud', lastName: 'Ited', agencyName: 'Before Agency', role: 'Insurance Agent', phone: '5550102055' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).user.id as number;
  expect((await page.request.patch(`/api/admin/users/${id}`, { data: { agencyName: 'After Agency' } })).status()).toBe(200);

  await page.goto('/admin?tab=audit');
  const filters = page.getByRole('form', { name: 'Audit log filters' });
  await filters.getByLabel('User concerned').fill(email);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const list = page.getByTestId('audit-list');
  await expect(page.getByTestId('audit-total')).toHaveText('2 entries');
  await expect(list.getByTestId('audit-entry-user.updated')).toContainText('Edited the account Aud Ited');
  await expect(list.getByTestId('audit-entry-user.updated')).toContainText('Agency: Before Agency → After Agency');
  await expect(list.getByTestId('audit-entry-user.created')).toContainText('Created the agent account Aud Ited');
  await expect(list).not.toContainText('{"');

  // Kind and who acted narrow it; a day with nothing empties it.
  await filters.getByLabel('Kind').selectOption({ label: 'Appointments' });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Nothing recorded for these filters.')).toBeVisible();
  await filters.getByLabel('Kind').selectOption({ label: 'Users' });
  await filters.getByLabel('Who acted').fill('nobody-like-this');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('audit-total')).toHaveText('0 entries');
  await filters.getByLabel('Who acted').fill(DEMO.admin.email);
  await filters.getByLabel('From').fill('2001-01-01');
  await filters.getByLabel('To').fill('2001-01-02');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('audit-total')).toHaveText('0 entries');
  await filters.getByLabel('From').fill('');
  await filters.getByLabel('To').fill('');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('audit-total')).toHaveText('2 entries');

  // The CSV of exactly these rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  // Every text cell is quoted (issue 27 L2): compare the cells a spreadsheet shows.
  const csv = (parseCsv(fs.readFileSync((await download.path())!, 'utf8')) as string[][]).map((row) => row.join(','));
  expect(csv[0]).toBe('When,Who,Who (e-mail),Role,What happened,Changes,Kind,Record,User,User e-mail,Action');
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain('Agency: Before Agency → After Agency');
  expect(csv[1]).toContain(`${email},user.updated`);

  // At 390 px the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByTestId('audit-entry-user.updated')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
