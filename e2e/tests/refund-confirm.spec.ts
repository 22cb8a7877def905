// Issue 26 items 2 and 7 in the browser: the admin's Refund asks for confirmation, showing the amount and
// the transfers it takes back, before anything is sent (Cancel sends nothing; confirming refunds); the
// agent's receipt then says "Partially refunded" with the refund line and the net paid, and My Transfers'
// lot line shows the refunded transfers.
import { test, expect } from '@playwright/test';
import { login, adminPage, buyStandardTransfers, createUser, unique } from './helpers.ts';

test('the Refund button asks first: Cancel sends nothing, confirming refunds; the agent’s receipt and lot line show the refund', async ({ page, browser }) => {
  test.setTimeout(180_000); // two browsers and a real checkout; the shared machine is slow
  const tag = unique();
  const { admin, adminContext } = await adminPage(browser);
  const email = `confirm.${tag}@example.com`;
  const password = 'confirm-pass-1';
  await createUser(admin, {
    email,
    password,
    firstName: 'Cora',
    lastName: 'Confirm',
    agencyName: 'Confirm Agency',
    phone: '5550102032',
  });
  await login(page, email, password);
  const orderId = await buyStandardTransfers(page, 10);

  await admin.goto(`/admin?tab=orders&q=${encodeURIComponent(email)}`);
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await card.getByRole('button', { name: `View order #${orderId}` }).click();
  const detail = admin.getByTestId('order-detail');
  await detail.getByLabel('Part of it').check();
  await detail.getByLabel('Amount to refund (USD)').fill('120.00');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();

  // The confirmation: amount, whose card, what it takes back.
  const confirm = admin.getByTestId('refund-confirm');
  await expect(confirm).toContainText('Refund $120.00 of order #');
  await expect(confirm).toContainText('Cora Confirm');
  await expect(confirm.getByTestId('refund-confirm-takes')).toHaveText("It takes 3 transfers out of the agent's balance (10 unused now, 7 after).");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing was sent.
  const before = (await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as { refundedCents: number; refunds: unknown[] };
  expect(before).toMatchObject({ refundedCents: 0, refunds: [] });
  await expect(detail).toContainText('Left to refund: $400.00 of $400.00');

  // Confirmed: refunded.
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  await admin.getByTestId('refund-confirm').getByRole('button', { name: 'Refund $120.00' }).click();
  await expect(admin.getByTestId('toast').first()).toContainText('Refunded $120.00');
  await expect(detail.getByTestId('order-refund')).toContainText('$120.00');
  await expect(detail.getByTestId('order-refund')).toContainText('3 transfers taken back');
  await expect(detail).toContainText('net paid $280.00');
  const after = (await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as { refundedCents: number };
  expect(after.refundedCents).toBe(12000);

  // The agent's receipt and My Transfers.
  await page.goto(`/dashboard/receipts/${orderId}`);
  await expect(page.getByTestId('receipt-status')).toHaveText('Partially refunded');
  await expect(page.getByTestId('receipt-refund')).toContainText('3 transfers taken back');
  await expect(page.getByTestId('receipt-refund')).toContainText('$120.00');
  await expect(page.getByTestId('receipt-net')).toHaveText('$280.00');
  await expect(page.getByTestId('receipt-transfers')).toContainText('0 used, 7 left, 0 credited back, 3 refunded.');
  await page.goto('/dashboard/transfers');
  await page.getByText('Balance by order').click();
  await expect(page.getByTestId(`lot-${orderId}`).getByTestId('lot-refunded')).toHaveText('3');
  await expect(page.getByTestId(`lot-${orderId}`).getByTestId('lot-remaining')).toHaveText('7');
  await adminContext.close();
});
