// Compliance and duplicate callers (issue 19): a lead the admin's DNC list names leaves the for-sale list,
// the list shows consent and resale badges; a bought lead's compliance file opens as a printable page; a
// second transfer from the same caller within 30 days is free.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';
import { insertPaidOrder } from '../../api/src/test/transfers-testing.ts';

test.afterAll(closeE2eDb);

test('a DNC-listed lead is not offered; badges on the list; duplicate caller is free', async ({ page, browser, request }) => {
  const db = e2eDb();
  const phone = `307555${String(Date.now()).slice(-4)}`;
  const [id] = await db('leads').insert({
    kind: 'aged',
    customerName: `Dee Enc ${runTag}`,
    customerPhone: phone,
    customerState: 'WY',
    zipCode: '82001',
    ageDays: 400,
    status: 'available',
    certificateKind: 'trustedform',
    certificateId: 'cert-e2e',
    consentAt: '2026-01-01 00:00:00.000',
    timesSoldBefore: 2,
    createdAt: '2099-01-01 00:00:00.000',
  });
  await login(page, DEMO.agent2.email, DEMO.agent2.password);
  await page.goto('/dashboard?tab=buy-aged-leads');
  await page.getByLabel('State').fill('WY');
  const row = page.locator(`[data-lead-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('lead-compliance')).toContainText('TrustedForm');
  await expect(row.getByTestId('lead-compliance')).toContainText('sold 2 times before');

  // The admin uploads a litigator list with the number: the lead leaves the list.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await login(admin, DEMO.admin.email, DEMO.admin.password, '/admin');
  const up = await admin.request.post('/api/admin/dnc-lists?list=litigator&source=e2e.csv', {
    headers: { 'content-type': 'text/csv' },
    data: `phone\n${phone}\n`,
  });
  expect(up.status()).toBe(201);
  expect(await up.json()).toMatchObject({ blockedLeads: 1 });
  await adminCtx.close();
  await page.reload();
  await page.getByLabel('State').fill('WY');
  await expect(page.getByTestId('leads-total')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.post('/api/bulk-purchase-leads', { data: { leadIds: [Number(id)] } })).status()).toBe(409);

  // A bought item's compliance file (the seeded Results items of agent2).
  await page.goto('/dashboard/results');
  const file = page.getByRole('link', { name: 'Compliance file' }).first();
  const href = await file.getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: /Compliance file:/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Consent record' })).toBeVisible();

  // Duplicate caller: the same number to the same agent twice within 30 days, the second is free.
  // An agent of its own with 5 transfers (the demo agents' figures stay as the other specs expect).
  const [uid] = await db('users').insert({ email: `dup-${runTag}@example.com`, passwordHash: 'x', firstName: 'Dup', lastName: 'Agent' });
  const agentId = Number(uid);
  await insertPaidOrder(db, agentId, { kind: 'transfer_package', tier: 'standard', count: 5 });
  const now = Date.now();
  const call = (n: number) => ({
    callId: `dup-${runTag}-${n}`,
    agentId,
    callerName: 'Repeat Caller',
    callerPhone: '(404) 555-0177',
    state: 'GA',
    startedAt: new Date(now - (10 - n) * 60_000).toISOString(),
    endedAt: new Date(now - (10 - n) * 60_000 + 300_000).toISOString(),
    durationSeconds: 300,
  });
  const headers = { 'x-api-key': 'e2e-transfer-key' };
  const first = await request.post('/api/callbacks/transfer', { headers, data: call(1) });
  expect((await first.json()).call).toMatchObject({ billable: true });
  const second = await request.post('/api/callbacks/transfer', { headers, data: call(2) });
  expect((await second.json()).call).toMatchObject({ billable: false, billingNote: 'No charge: duplicate caller' });
});
