// Issue 34 item 6 in the browser: on a partly used transfer order the refund dialog's default is what the
// server refunds (every unused transfer back), says how many leave the balance, and goes through (the old
// default, the whole remaining amount, was refused).
import { test, expect } from '@playwright/test';
import { adminPage, buyStandardTransfers, createUser, login, unique } from '../tests/helpers.ts';
import { e2eDb, closeE2eDb } from '../tests/funnel-db.ts';

test.afterAll(closeE2eDb);

test('the refund dialog on a partly used order offers only what can be refunded', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const email = `partly.${tag}@example.com`;
  const userId = await createUser(admin, {
    email,
    password: 'partly-pass-1',
    firstName: 'Pat',
    lastName: 'Used',
    agencyName: 'Used Agency',
    phone: '5550102077',
  });
  await login(page, email, 'partly-pass-1');
  const orderId = await buyStandardTransfers(page, 10);
  // Four of the ten were delivered (as calls would record).
  const db = e2eDb();
  const usage = await db('transfer_order_usage').where({ orderId }).first();
  if (usage) await db('transfer_order_usage').where({ orderId }).update({ used: 4 });
  else await db('transfer_order_usage').insert({ orderId, userId, capacity: 10, used: 4, bufferSeconds: 60 });

  await admin.goto(`/admin?tab=orders&q=${encodeURIComponent(email)}`);
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await card.getByRole('button', { name: `View order #${orderId}` }).click();
  const detail = admin.getByTestId('order-detail');
  await expect(detail.getByTestId('refund-used-note')).toContainText('4 transfers of this order were delivered and cannot be taken back');
  const whole = detail.getByRole('radio', { name: 'Every unused transfer back (6 transfers, $240.00)' });
  await expect(whole).toBeChecked();
  await expect(detail).toContainText('Every unused transfer back (6 transfers, $240.00)');
  await expect(detail.getByTestId('refund-transfers-note')).toHaveText("This takes 6 transfers out of the agent's balance (6 unused now).");

  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  const confirm = admin.getByTestId('refund-confirm');
  await expect(confirm).toContainText('Refund $240.00 of order #');
  await confirm.getByRole('button', { name: 'Refund $240.00' }).click();
  await expect(admin.getByTestId('toast').first()).toContainText('Refunded $240.00');
  const after = (await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as { refundedCents: number; transfers: { remaining: number } };
  expect(after.refundedCents).toBe(24000);
  expect(after.transfers.remaining).toBe(0);
  await adminContext.close();
});
