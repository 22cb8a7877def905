// Issue 26 item 6: an appointment the admin assigned for free says "Assigned free" and shows no
// price, in the agent's My Appointments and on the admin's page for that user.
import { test, expect } from '@playwright/test';
import { DEMO, login } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

test('an assigned appointment is free and says so, for the agent and the admin', async ({ browser }) => {
  const db = e2eDb();
  const agent2 = await db('users').where({ email: DEMO.agent2.email }).first('id');
  const name = `Gina Given ${runTag}`;
  const [id] = await db('appointments').insert({
    customerName: name,
    customerPhone: '4045550177',
    customerState: 'GA',
    callStatus: 'completed',
    priceCents: 1000,
    status: 'sold',
    source: 'admin',
    buyerId: agent2.id,
    purchasedAt: '2099-01-01 00:00:00.000',
    assignedAt: '2099-01-01 00:00:00.000',
  });

  const agentPage = await (await browser.newContext()).newPage();
  await login(agentPage, DEMO.agent2.email, DEMO.agent2.password);
  await agentPage.goto('/dashboard?tab=my-appointments');
  const card = agentPage.locator(`[data-appointment-id="${Number(id)}"]`);
  await expect(card).toBeVisible();
  // The badge, and the Price line in place of a price.
  await expect(card.getByText('Assigned free', { exact: true })).toHaveCount(2);
  await expect(card.getByTestId('my-appointment-price')).toHaveText('Assigned free');
  await expect(card).not.toContainText('$10.00');

  const adminPage = await (await browser.newContext()).newPage();
  await login(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.goto(`/admin?user=${agent2.id}`);
  const row = adminPage.getByTestId('user-appointment-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Assigned free');
  await expect(row).not.toContainText('$10.00');
});
