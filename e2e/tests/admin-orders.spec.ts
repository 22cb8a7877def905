// Issue 13 item 3 in the browser: an agent pays for 10 standard transfers; the admin finds the order in
// the Orders tab by the buyer's e-mail, refunds half through the order detail; the agent's My Transfers
// shows the balance down to 5 and the refund in the ledger.
import { test, expect } from '@playwright/test';
import { login, adminPage, buyStandardTransfers, createUser, unique } from './helpers.ts';

test('admin finds an order, refunds half, and the agent’s ledger shows the credit change', async ({ page, browser }) => {
  test.setTimeout(180_000); // two browsers and a real checkout; the shared machine is slow
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const email = `refund.${tag}@example.com`;
  const password = 'refund-pass-1';
  await createUser(admin, { email, password, firstName: 'Rena', lastName: 'Refund', agencyName: 'Refund Agency', phone: '5550102031' });

  // The agent pays for 10 standard transfers ($400) with the test card, logged in.
  await login(page, email, password);
  const orderId = await buyStandardTransfers(page, 10);
  await page.goto('/dashboard/transfers');
  await expect(page.getByTestId('balance-remaining')).toContainText('10');

  // The admin finds the order by the buyer's e-mail and opens it.
  await admin.goto('/admin?tab=orders');
  await admin.getByLabel('Search buyer name or email').fill(email);
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('$400.00');
  await card.getByRole('button', { name: `View order #${orderId}` }).click();
  const detail = admin.getByTestId('order-detail');
  await expect(detail).toContainText('Rena Refund');
  await expect(admin.getByRole('list', { name: 'Timeline' })).toContainText('Order created');

  // Refund half.
  await detail.getByLabel('Part of it').check();
  await detail.getByLabel('Amount to refund (USD)').fill('200.00');
  await expect(detail.getByTestId('refund-transfers-note')).toHaveText("This takes 5 transfers out of the agent's balance (10 unused now).");
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  await admin.getByTestId('refund-confirm').getByRole('button', { name: 'Refund $200.00' }).click();
  await expect(admin.getByTestId('toast').first()).toContainText('Refunded $200.00');
  await expect(detail).toContainText('Partially refunded');
  await expect(detail).toContainText('refunded $200.00');
  await expect(admin.getByRole('list', { name: 'Timeline' })).toContainText(`Refunded $200.00 by`);
  await expect(detail).toContainText('Left to refund: $200.00 of $400.00');
  await admin.getByRole('button', { name: 'Close' }).click();
  await admin.getByLabel('Status').selectOption('partially_refunded');
  await expect(card).toContainText('Partially refunded');

  // The agent's balance and ledger follow.
  await page.reload();
  await expect(page.getByTestId('balance-remaining')).toContainText('5');
  await page.getByRole('tab', { name: 'Ledger & Receipts' }).click();
  const ledger = page.getByTestId('ledger-table');
  const refundRow = ledger.locator('tr', { hasText: `Order #${orderId} partially refunded` });
  await expect(refundRow).toContainText('Refund');
  await expect(refundRow).toContainText('-5');
  await expect(refundRow).toContainText('200.00');
  await adminContext.close();
});
