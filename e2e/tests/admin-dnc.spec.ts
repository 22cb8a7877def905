// The admin's do-not-call uploads (issue 19): a DNC list file and a per-lead scrub results file from the
// Leads tab, each with its result on screen; the listed lead leaves sale, the scrub date is kept, a bad
// scrub row is shown by line with its reason.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

test('an admin uploads a DNC list and scrub results and sees each result', async ({ page }) => {
  const db = e2eDb();
  const tail = String(Date.now()).slice(-4);
  const listed = `30755${tail}1`.slice(0, 10);
  const scrubbed = `30756${tail}2`.slice(0, 10);
  const base = { kind: 'aged', customerState: 'WY', zipCode: '82001', ageDays: 400, status: 'available', createdAt: '2099-01-01 00:00:00.000' };
  const [listedId] = await db('leads').insert({ ...base, customerName: `Dnc Listed ${runTag}`, customerPhone: listed });
  const [scrubbedId] = await db('leads').insert({ ...base, customerName: `Dnc Scrubbed ${runTag}`, customerPhone: scrubbed });

  await login(page, DEMO.admin.email, DEMO.admin.password, '/admin');
  await page.goto('/admin?tab=leads');
  await expect(page.getByRole('heading', { name: 'Do-not-call lists' })).toBeVisible();

  await page.getByLabel('List', { exact: true }).selectOption('litigator');
  await page.locator('#dnc-file').setInputFiles({
    name: `litigators-${runTag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,name\n(${listed.slice(0, 3)}) ${listed.slice(3, 6)}-${listed.slice(6)},Somebody\n`),
  });
  await page.getByRole('button', { name: 'Upload list' }).click();
  const listResult = page.getByTestId('dnc-list-result');
  await expect(listResult).toContainText(`litigators-${runTag}.csv (Litigator): 1 numbers read, 1 new on the list, 1 lead taken off sale.`);
  await expect(page.getByText(/litigator numbers\./)).toBeVisible();
  expect(await db('leads').where({ id: listedId }).first('status')).toMatchObject({ status: 'blocked' });

  await page.locator('#dnc-scrub-file').setInputFiles({
    name: `scrubs-${runTag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,result,scrubbed_at\n${scrubbed},clear,2026-11-01\n12345,clear,2026-11-01\n`),
  });
  await page.getByRole('button', { name: 'Upload scrub results' }).click();
  const scrubResult = page.getByTestId('dnc-scrub-result');
  await expect(scrubResult).toContainText(`scrubs-${runTag}.csv: 2 rows, 1 applied, 1 lead updated, 0 taken off sale, 1 refused.`);
  await expect(page.getByTestId('dnc-scrub-error')).toHaveText(['3phone must be a 10-digit US number']);
  const lead = await db('leads').where({ id: scrubbedId }).first('status', 'dncStatus', 'dncScrubbedAt');
  expect(lead).toMatchObject({ status: 'available', dncStatus: 'clear' });
  expect(String(lead.dncScrubbedAt)).toMatch(/^2026-11-01/);
});
