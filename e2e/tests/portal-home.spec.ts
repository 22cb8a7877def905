// The portal home and the one shell: a new agent with a paid transfer order and a purchased appointment
// opens /dashboard on Home (balance, upcoming appointment on their clock with a formatted phone, the
// purchase with its receipt), and My Transfers, the receipt and the Training Center keep the sidebar.
import { test, expect } from '@playwright/test';
import { login, adminPage, createUser } from './helpers.ts';
import { e2eDb, closeE2eDb, runTag } from './funnel-db.ts';

test.afterAll(closeE2eDb);

test('Home shows the agent own overview and every portal page stays in the shell', async ({ page, browser }) => {
  const { admin, adminContext } = await adminPage(browser);
  const email = `home.${runTag}@example.com`;
  const password = 'home-pass-123';
  const userId = await createUser(admin, { email, password, firstName: 'Hana', lastName: 'Home', agencyName: 'Home Agency', phone: '5550102030' });
  await adminContext.close();

  const db = e2eDb();
  const stamp = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ').replace('Z', '');
  const [orderId] = await db('orders').insert({
    userId,
    kind: 'transfer_package',
    tier: 'standard',
    count: 4,
    unitPriceCents: 4000,
    amountCents: 16000,
    currency: 'usd',
    status: 'paid',
    paymentIntentId: `pi_home_${runTag}`,
    idempotencyKey: `home-${runTag}`,
    metadata: '{}',
    paidAt: stamp,
    fulfilledAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
  });
  // 15:00 UTC three days ahead: 10:00 AM EST (or 11:00 AM EDT).
  const at = new Date(Date.now() + 3 * 86_400_000);
  at.setUTCHours(15, 0, 0, 0);
  await db('appointments').insert({
    customerName: 'Rita Upcoming',
    customerPhone: '5125550199',
    customerState: 'TX',
    callStatus: 'completed',
    extractedAppointmentDateTime: at.toISOString(),
    hasExtractedAppointment: true,
    status: 'sold',
    buyerId: userId,
    purchasedAt: stamp,
    createdAt: stamp,
  });

  await login(page, email, password);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Home · Agent Portal');
  await expect(page.getByRole('heading', { name: 'Welcome back, Hana' })).toBeVisible();
  await expect(page.getByTestId('home-balance')).toContainText('4');
  await expect(page.getByTestId('home-balance')).toContainText('of 4 bought');
  // Four left is a low balance.
  await expect(page.getByTestId('alert-low_balance')).toContainText('Only 4 transfers left');
  const upcoming = page.getByTestId('home-upcoming');
  await expect(upcoming).toContainText('Rita Upcoming');
  await expect(upcoming.getByRole('link', { name: '(512) 555-0199' })).toHaveAttribute('href', 'tel:+15125550199');
  await expect(upcoming).toContainText(/(10:00 AM EST|11:00 AM EDT)/);
  await expect(upcoming).not.toContainText(at.toISOString());
  await expect(page.getByTestId('home-purchases')).toContainText(`Order #${orderId}`);
  await expect(page.getByTestId('home-purchases')).toContainText('$160.00');

  // The receipt opens inside the shell, and the sidebar goes on from there.
  await page
    .getByTestId('home-purchases')
    .getByRole('link', { name: /Receipt/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/receipts/${orderId}$`));
  await expect(page.getByTestId('receipt-order')).toHaveText(`#${orderId}`);
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(nav.getByRole('link', { name: 'My Transfers' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'My Transfers' }).click();
  await expect(page.getByRole('heading', { name: 'My Transfers' })).toBeVisible();
  await nav.getByRole('link', { name: 'Training Videos' }).click();
  await page.getByRole('link', { name: 'Watch in the Training Center' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole('heading', { name: 'Training Center' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Training Videos' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Hana' })).toBeVisible();
  // The quoter is a public page: it opens in a new tab, the portal stays.
  await expect(nav.getByRole('link', { name: /FEX Quoter/ })).toHaveAttribute('target', '_blank');
});

test('the Training Center stays public for visitors, without the portal shell', async ({ page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Training Center' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toHaveCount(0);
});
